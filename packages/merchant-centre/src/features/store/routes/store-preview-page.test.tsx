import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store, StripeSubscription } from '@cc/contract';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { couponPage, page, plan } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

const ACTIVE: StripeSubscription = {
  status: 'active',
  start_date: 1_763_726_400,
  canceled_at: null,
  current_period_end: 1_766_318_400,
};

beforeEach(() => {
  server.use(
    http.get('*/api/v1/coupons', () => HttpResponse.json(couponPage(2))),
    http.get('*/api/v1/coupon-center-plans/', () => HttpResponse.json(page([plan()]))),
    http.get('*/api/v1/coupon-center-transactions/', () => HttpResponse.json(page([]))),
  );
});

/** Opens 'Live coupon page' from the header, as the merchant would. */
async function openLiveCouponPage(owned: Store) {
  const view = renderApp('/my-store', { user: storedUser({ store: owned }) });
  const nav = within(await screen.findByRole('banner')).getByRole('navigation', { name: 'Main' });
  await view.user.click(within(nav).getByRole('link', { name: 'Live coupon page' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Your coupon page' })).toBeVisible();
  // Loaded: the preview is shown (and the loading spinner gone).
  expect(await screen.findByRole('region', { name: 'Preview of your coupon page' })).toBeVisible();
  return view;
}

describe("'Live coupon page' before the page is live", () => {
  it('waiting for review: a preview of the page, marked as waiting for review, instead of Page not found', async () => {
    await openLiveCouponPage(store());
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Waiting for review');
    expect(status).toHaveTextContent(
      'This is a preview of your coupon page. Shoppers can see it once our team has approved it.',
    );
    const preview = within(screen.getByRole('region', { name: 'Preview of your coupon page' }));
    expect(preview.getByText('Preview')).toBeVisible();
    expect(preview.getByRole('heading', { name: 'Acme' })).toBeVisible();
    expect(preview.getAllByRole('link', { name: 'Use Coupon' })).toHaveLength(2);
    expect(preview.getByRole('heading', { name: '1% OFF' })).toBeVisible();
    expect(screen.queryByText(/Page not found/i)).not.toBeInTheDocument();
  });

  it('declined: says so with the decline reason and how to send it for review again', async () => {
    await openLiveCouponPage(
      store({ declined: true, decline_reason: 'The logo is not your brand.' }),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your store page was declined');
    expect(alert).toHaveTextContent('The logo is not your brand.');
    expect(within(alert).getByRole('link', { name: 'My Store' })).toHaveAttribute(
      'href',
      '/my-store',
    );
    expect(screen.getByRole('region', { name: 'Preview of your coupon page' })).toBeVisible();
  });

  it('approved but not paid: says the page goes live once the subscription is active, with the way to Payment', async () => {
    await openLiveCouponPage(
      store({
        is_approved: true,
        stripe_subscription: { ...ACTIVE, status: 'canceled', canceled_at: 1_764_000_000 },
      }),
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Approved, not live yet');
    expect(status).toHaveTextContent(
      'Your coupon page goes live once your subscription is active.',
    );
    expect(within(status).getByRole('link', { name: 'Payment' })).toHaveAttribute(
      'href',
      '/payment',
    );
  });

  it('opened directly once live, it links to the live page', async () => {
    renderApp('/my-store/preview', {
      user: storedUser({ store: store({ is_approved: true, stripe_subscription: ACTIVE }) }),
    });
    expect(
      await screen.findByRole('region', { name: 'Preview of your coupon page' }),
    ).toBeVisible();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Your coupon page is live');
    const live = within(status).getByRole('link', { name: 'Open your live coupon page' });
    expect(live).toHaveAttribute('href', '/stores/acme-voucher-codes');
    expect(live).toHaveAttribute('target', '_blank');
  });

  it('without a store goes to /my-store', async () => {
    const { router } = renderApp('/my-store/preview', { user: storedUser() });
    expect(await screen.findByRole('button', { name: 'CREATE YOUR STORE' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/my-store');
  });
});
