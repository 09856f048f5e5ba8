import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { StripeSubscription } from '@cc/contract';
import { CLIENTS } from '@cc/config';
import { renderApp } from '../../../testing/render-app';
import { me, store, storedUser } from '../../../testing/fixtures';
import { page, plan, transaction } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';

// Screens are lazy chunks: the first render of a file compiles them, and the runner may be busy.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

/** 2025-11-21 12:00 UTC. */
const START = 1_763_726_400;
/** Paid until 2025-12-21 12:00 UTC. */
const PERIOD_END = START + 30 * 86_400;

function subscribed(subscription: StripeSubscription) {
  return storedUser({
    store: store({ stripe_subscription: subscription }),
    coupon_center_txn: { id: 41 },
  });
}

function answerBilling(options: { transactions?: ReturnType<typeof transaction>[] } = {}) {
  server.use(
    http.get('*/api/v1/coupon-center-plans/', () => HttpResponse.json(page([plan()]))),
    http.get('*/api/v1/coupon-center-transactions/', () =>
      HttpResponse.json(page(options.transactions ?? [])),
    ),
  );
}

describe('/payment without a payment transaction', () => {
  it("shows PAYMENT, 'PAYMENT DETAILS' and the plan card with the price per month and 'Subscribe Now'", async () => {
    let planQuery = '';
    answerBilling();
    server.use(
      http.get('*/api/v1/coupon-center-plans/', ({ request }) => {
        planQuery = new URL(request.url).search;
        return HttpResponse.json(page([plan({ price: { currency: 'usd', unit_amount: 2499 } })]));
      }),
    );
    renderApp('/payment', { user: storedUser({ store: store() }), config: CLIENTS[8] });
    expect(await screen.findByRole('heading', { name: 'PAYMENT DETAILS' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'PAYMENT' })).toBeVisible();
    expect(planQuery).toBe('?client=8');
    const card = within(screen.getByRole('article', { name: 'VoucherNest Store Page' }));
    expect(card.getByText(/coupons on your store page.*priority support/)).toBeVisible();
    expect(card.getByText('$24.99')).toBeVisible();
    expect(card.getByText('/ month')).toBeVisible();
    const subscribe = card.getByRole('link', { name: 'Subscribe Now' });
    expect(subscribe).toHaveAttribute('href', plan().payment_link.url);
    expect(subscribe).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('heading', { name: 'Order History' })).not.toBeInTheDocument();
  });

  it('swallows failures loading the plan and the transactions (the latter only logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('*/api/v1/coupon-center-plans/', () =>
        HttpResponse.json({ message: 'Plans down' }, { status: 500 }),
      ),
      http.get('*/api/v1/coupon-center-transactions/', () =>
        HttpResponse.json({ message: 'Txns down' }, { status: 500 }),
      ),
    );
    renderApp('/payment', { user: storedUser({ store: store() }) });
    expect(await screen.findByRole('heading', { name: 'PAYMENT DETAILS' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Subscribe Now' })).not.toBeInTheDocument();
    expect(screen.queryByText(/down/)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Loading the transactions failed', expect.anything());
    logged.mockRestore();
  });

  it('refreshes the subscription when the merchant returns to the tab after paying', async () => {
    answerBilling();
    renderApp('/payment', { user: storedUser({ store: store() }) });
    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toBeVisible();
    answerBilling({ transactions: [transaction(41)] });
    server.use(
      http.get('*/api/v1/auth/me/', () =>
        HttpResponse.json(
          me({
            coupon_center_txn: { id: 41 },
            store: store({
              stripe_subscription: {
                status: 'active',
                start_date: START,
                canceled_at: null,
                current_period_end: PERIOD_END,
              },
            }),
          }),
        ),
      ),
    );
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    expect(
      await screen.findByText(
        'You are subscribed to the VoucherNest Store Page with all features.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('cell', { name: '#41' })).toBeVisible();
  });
});

describe('/payment with a subscription', () => {
  it('shows the product, the green status, the subscribed text and the next billing date', async () => {
    answerBilling();
    renderApp('/payment', {
      user: subscribed({
        status: 'active',
        start_date: START,
        canceled_at: null,
        current_period_end: PERIOD_END,
      }),
    });
    const card = within(await screen.findByRole('article', { name: 'VoucherNest Store Page' }));
    expect(card.getByText('Active')).toHaveAttribute('data-tone', 'green');
    expect(
      card.getByText('You are subscribed to the VoucherNest Store Page with all features.'),
    ).toBeVisible();
    expect(card.getByText('Next billing date')).toBeVisible();
    expect(card.getByText('2025-12-21')).toBeVisible();
    expect(card.queryByText('Cancelled on')).not.toBeInTheDocument();
    expect(card.queryByRole('link', { name: 'Reactivate Subscription' })).not.toBeInTheDocument();
  });

  it('cancels after confirmation, replaces the subscription by the answer, then offers reactivation', async () => {
    answerBilling();
    let body: unknown;
    server.use(
      http.post('*/api/v1/stripe-update-subscription/', async ({ request }) => {
        body = await request.json();
        const canceled = {
          status: 'canceled' as const,
          start_date: START,
          canceled_at: START + 86_400,
          current_period_end: PERIOD_END,
        };
        server.use(
          http.get('*/api/v1/auth/me/', () =>
            HttpResponse.json(
              me({
                coupon_center_txn: { id: 41 },
                store: store({ stripe_subscription: canceled }),
              }),
            ),
          ),
        );
        return HttpResponse.json(canceled);
      }),
    );
    const { user } = renderApp('/payment', {
      user: subscribed({
        status: 'active',
        start_date: START,
        canceled_at: null,
        current_period_end: PERIOD_END,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel Subscription?' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to cancel your subscription to VoucherNest Store Page?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel Subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Cancelled on')).toBeVisible();
    expect(body).toEqual({ status: 'canceled' });
    expect(screen.getByText('2025-11-22')).toBeVisible();
    expect(screen.getByText('Cancelled')).toHaveAttribute('data-tone', 'red');
    expect(screen.queryByText('Next billing date')).not.toBeInTheDocument();
    const reactivate = screen.getByRole('link', { name: 'Reactivate Subscription' });
    expect(reactivate).toHaveAttribute('href', plan().payment_link.url);
    expect(reactivate).toHaveAttribute('target', '_blank');
  });

  it("reads 'Please wait...' while cancelling, and swallows a failed cancel", async () => {
    answerBilling();
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/v1/stripe-update-subscription/', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ message: 'Stripe down' }, { status: 500 });
      }),
    );
    const { user } = renderApp('/payment', {
      user: subscribed({
        status: 'active',
        start_date: START,
        canceled_at: null,
        current_period_end: PERIOD_END,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findAllByRole('button', { name: 'Please wait...' })).not.toHaveLength(0);
    release();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('Next billing date')).toBeVisible();
    expect(screen.queryByText('Stripe down')).not.toBeInTheDocument();
  });

  it('shows a yellow dot for past_due and lists the order history', async () => {
    answerBilling({
      transactions: [
        transaction(42, { transaction_created: START + 86_400 * 30 }),
        transaction(41, { transaction_created: START }),
      ],
    });
    renderApp('/payment', {
      user: subscribed({
        status: 'past_due',
        start_date: START,
        canceled_at: null,
        current_period_end: PERIOD_END,
      }),
    });
    expect(await screen.findByText('Past due')).toHaveAttribute('data-tone', 'yellow');
    const table = within(screen.getByRole('table', { name: 'Order History' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order ID',
      'Date',
      'Amount',
      'Receipt',
    ]);
    const rows = table.getAllByRole('row').slice(1);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['#41', '2025-11-21', '£19.99', 'View Receipt']);
    expect(table.getByRole('link', { name: 'View Receipt for order #42' })).toHaveAttribute(
      'href',
      'http://localhost:4000/billing/receipts/42',
    );
  });
});
