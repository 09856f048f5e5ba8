import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENTS } from '@cc/config';
import { renderApp } from '../../../testing/render-app';

describe('landing page', () => {
  it.each([
    [7, '£19.99'],
    [8, '$24.99'],
    [10, '$24.99'],
  ] as const)('client %i pitches the flat monthly price %s', async (clientId, price) => {
    renderApp('/', { config: CLIENTS[clientId] });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: new RegExp(CLIENTS[clientId].siteName),
      }),
    ).toBeVisible();
    expect(screen.getByTestId('price')).toHaveTextContent(price);
    expect(screen.getByText('per month')).toBeVisible();
  });

  it('says up to 10 coupons or deals can be listed and updated', async () => {
    renderApp('/');
    expect(
      await screen.findByText(/List up to 10 vouchers or deals, and update or exchange them/),
    ).toBeVisible();
  });

  it('leads the call to action to /register', async () => {
    renderApp('/');
    const main = within(await screen.findByRole('main'));
    expect(main.getByRole('link', { name: 'Create your coupon page' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it("shows the 'Trusted by World's best brands' strip from the client config", async () => {
    renderApp('/', { config: CLIENTS[8] });
    const strip = (
      await screen.findByRole('heading', { name: "Trusted by World's best brands" })
    ).closest('section');
    if (!strip) throw new Error('no strip');
    const logos = within(strip).getAllByRole('img');
    expect(logos.map((logo) => logo.getAttribute('alt'))).toEqual(
      CLIENTS[8].brands.map((brand) => brand.name),
    );
    expect(logos[0]).toHaveAttribute('src', `/brands/${CLIENTS[8].brands[0]?.logo}`);
  });

  it('lists the five benefits', async () => {
    renderApp('/');
    const list = (await screen.findByRole('heading', { name: /Why merchants advertise/ })).closest(
      'section',
    );
    if (!list) throw new Error('no benefits');
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      'Partner with a long-established site',
      'New customer acquisition',
      'Higher sales and conversion rates',
      'Higher average order size',
      'A positive brand experience',
    ]);
  });

  it('says the store page is reviewed before it goes live', async () => {
    renderApp('/');
    expect(
      await screen.findByText('Every store page is reviewed before it goes live.'),
    ).toBeVisible();
  });
});
