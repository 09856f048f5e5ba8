import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FailingCouponList } from '@cc/contract/coupon-feedback';
import { queueOf, renderConsole, STAFF } from '../../../testing/render-console';
import { server } from '../../../testing/server';

const failing: FailingCouponList = {
  count: 1,
  results: [
    {
      store: { id: 41, name: 'Acme Outdoors', slug: 'acme-outdoors', client: 7 },
      coupon: {
        id: 7,
        headline: '20% OFF',
        description: 'Everything in the tent sale',
        discount_code: 'TENT20',
      },
      yes: 4,
      no: 16,
    },
  ],
};

describe('failing codes', () => {
  it('lists the live coupons whose latest answers are mostly No, with store, coupon, code and the Yes/No counts', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf())),
      http.get('*/api/v1/review/coupon-feedback/', ({ request }) => {
        asked += 1;
        expect(request.headers.get('authorization')).toBe(`Bearer ${STAFF.token}`);
        return HttpResponse.json(failing);
      }),
    );
    const { user } = renderConsole({ session: STAFF });
    // Read only when opened.
    expect(await screen.findByText('Nothing to review.')).toBeVisible();
    expect(asked).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Failing codes' }));
    expect(screen.getByRole('button', { name: 'Failing codes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Codes reported not working' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Live coupons with at least 3 answers to “Did this code work?” whose last 20 are mostly No.',
      ),
    ).toBeVisible();
    const table = await screen.findByRole('table');
    const [header, row] = within(table).getAllByRole('row');
    expect(
      within(header as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Store', 'Coupon', 'Code', 'Yes', 'No']);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Acme OutdoorsClient 7', '20% OFFEverything in the tent sale', 'TENT20', '4', '16']);
    await user.click(screen.getByRole('button', { name: 'Stores' }));
    expect(await screen.findByText('Nothing to review.')).toBeVisible();
  });

  it('says so when no code is reported', async () => {
    server.use(
      http.get('*/api/v1/review/stores/', () => HttpResponse.json(queueOf())),
      http.get('*/api/v1/review/coupon-feedback/', () =>
        HttpResponse.json({ count: 0, results: [] }),
      ),
    );
    const { user } = renderConsole({ session: STAFF });
    await user.click(await screen.findByRole('button', { name: 'Failing codes' }));
    expect(await screen.findByText('No code is reported as not working.')).toBeVisible();
  });
});
