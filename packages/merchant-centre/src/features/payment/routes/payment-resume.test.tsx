import { configure, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@cc/contract';
import type { StripeSubscription } from '@cc/contract';
import { renderApp } from '../../../testing/render-app';
import { me, store, storedUser } from '../../../testing/fixtures';
import { page, plan, transaction } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const day = (seconds: number) => dayjs.unix(seconds).format('YYYY-MM-DD');

function subscribed(subscription: StripeSubscription) {
  return storedUser({
    store: store({ stripe_subscription: subscription }),
    coupon_center_txn: { id: 41 },
  });
}

/** What /auth/me/ answers from now on: the server's truth after a change. */
function meAnswers(subscription: StripeSubscription) {
  server.use(
    http.get('*/api/v1/auth/me/', () =>
      HttpResponse.json(
        me({
          email_verified: true,
          coupon_center_txn: { id: 41 },
          store: store({ stripe_subscription: subscription }),
        }),
      ),
    ),
  );
}

function answerBilling(transactions = [transaction(41)]) {
  server.use(
    http.get('*/api/v1/coupon-center-plans/', () => HttpResponse.json(page([plan()]))),
    http.get('*/api/v1/coupon-center-transactions/', () => HttpResponse.json(page(transactions))),
  );
}

function periodOf() {
  const start = now() - 20 * DAY;
  const end = now() + 10 * DAY;
  const active: StripeSubscription = {
    status: 'active',
    start_date: start,
    canceled_at: null,
    current_period_end: end,
    cancel_at_period_end: false,
  };
  const cancelling: StripeSubscription = {
    ...active,
    status: 'canceled',
    canceled_at: now(),
    cancel_at_period_end: true,
  };
  return { end, active, cancelling };
}

describe('cancel at the end of the paid period', () => {
  it("after 'Yes, cancel' shows the cancelled status, the date, and until when the page stays live", async () => {
    answerBilling();
    const { end, active, cancelling } = periodOf();
    server.use(
      http.post('*/api/v1/stripe-update-subscription/', () => {
        meAnswers(cancelling);
        return HttpResponse.json(cancelling);
      }),
    );
    const { user } = renderApp('/payment', { user: subscribed(active) });
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }),
    );
    const card = within(screen.getByRole('article', { name: 'VoucherNest Store Page' }));
    expect(await card.findByText(`Your page stays live until ${day(end)}`)).toBeVisible();
    expect(card.getByText('Cancelled')).toHaveAttribute('data-tone', 'red');
    expect(card.getByText('Cancelled on')).toBeVisible();
    expect(card.getByText(day(now()))).toBeVisible();
    expect(card.getByRole('button', { name: 'Reactivate Subscription' })).toBeEnabled();
    expect(card.queryByRole('link', { name: 'Reactivate Subscription' })).not.toBeInTheDocument();
  });

  it("'Reactivate Subscription' resumes at once: 'Please wait...', then the answer replaces the card and a toast says so", async () => {
    answerBilling();
    const { active, cancelling } = periodOf();
    let body: unknown;
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/v1/stripe-update-subscription/', async ({ request }) => {
        body = await request.json();
        await new Promise<void>((resolve) => (release = resolve));
        meAnswers(active);
        return HttpResponse.json(active);
      }),
    );
    const { user } = renderApp('/payment', { user: subscribed(cancelling) });
    await user.click(await screen.findByRole('button', { name: 'Reactivate Subscription' }));
    expect(await screen.findByRole('button', { name: 'Please wait...' })).toBeDisabled();
    release();
    expect(await screen.findByText(ACCOUNT_MESSAGES.subscriptionResumed)).toBeVisible();
    expect(body).toEqual({ status: 'active' });
    const card = within(screen.getByRole('article', { name: 'VoucherNest Store Page' }));
    expect(card.getByText('Active')).toHaveAttribute('data-tone', 'green');
    expect(card.getByText('Next billing date')).toBeVisible();
    expect(card.queryByText(/Your page stays live until/)).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  });

  it("shows the server's reason when there is nothing to resume, and the card stays as it was", async () => {
    answerBilling();
    const { end, cancelling } = periodOf();
    server.use(
      http.post('*/api/v1/stripe-update-subscription/', () =>
        HttpResponse.json({ status: [ACCOUNT_MESSAGES.nothingToResume] }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/payment', { user: subscribed(cancelling) });
    await user.click(await screen.findByRole('button', { name: 'Reactivate Subscription' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.nothingToResume)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Reactivate Subscription' })).toBeEnabled(),
    );
    expect(screen.getByText(`Your page stays live until ${day(end)}`)).toBeVisible();
  });

  it('after the end of the period, reactivation opens the payment link in a new tab and the page is no longer said to be live', async () => {
    answerBilling();
    const ended: StripeSubscription = {
      status: 'canceled',
      start_date: now() - 50 * DAY,
      canceled_at: now() - 40 * DAY,
      current_period_end: now() - 20 * DAY,
      cancel_at_period_end: true,
    };
    renderApp('/payment', { user: subscribed(ended) });
    const reactivate = await screen.findByRole('link', { name: 'Reactivate Subscription' });
    expect(reactivate).toHaveAttribute('href', plan().payment_link.url);
    expect(reactivate).toHaveAttribute('target', '_blank');
    expect(
      screen.queryByRole('button', { name: 'Reactivate Subscription' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(/Your page stays live until/)).not.toBeInTheDocument();
  });
});

describe('Order History invoices', () => {
  it("offers 'Download invoice' beside 'View Receipt' on each order with an invoice, saved as its number", async () => {
    answerBilling([
      transaction(42, {
        invoice_number: 'VN-000042',
        invoice_url: 'http://localhost:4000/billing/invoices/tok42.pdf',
      }),
      transaction(41, { invoice_number: null, invoice_url: null }),
    ]);
    renderApp('/payment', { user: subscribed(periodOf().active) });
    const table = within(await screen.findByRole('table', { name: 'Order History' }));
    const invoice = table.getByRole('link', { name: 'Download invoice for order #42' });
    expect(invoice).toHaveAttribute('href', 'http://localhost:4000/billing/invoices/tok42.pdf');
    expect(invoice).toHaveAttribute('download', 'VN-000042.pdf');
    expect(table.getByRole('link', { name: 'View Receipt for order #42' })).toBeVisible();
    expect(
      table.queryByRole('link', { name: 'Download invoice for order #41' }),
    ).not.toBeInTheDocument();
    expect(table.getByRole('link', { name: 'View Receipt for order #41' })).toBeVisible();
  });
});
