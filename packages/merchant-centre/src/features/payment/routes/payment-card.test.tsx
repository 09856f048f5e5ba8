import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentMethod, StripeSubscription } from '@cc/contract';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { page, plan } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';
import { leaveFor } from '../hooks/leave-for';

vi.mock('../hooks/leave-for', () => ({ leaveFor: vi.fn() }));
vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => vi.mocked(leaveFor).mockClear());

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const FAILED = 'Your last payment failed. Update your card to pay now.';

const card = (overrides: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id: 'pm_1',
  created_at: now() - 60 * DAY,
  is_default: false,
  exp_month: 4,
  exp_year: 2030,
  brand: 'visa',
  last4: '4242',
  ...overrides,
});

function subscribed(
  status: StripeSubscription['status'],
  overrides: Partial<StripeSubscription> = {},
) {
  const subscription = {
    status,
    start_date: now() - 20 * DAY,
    canceled_at: null,
    current_period_end: now() + 10 * DAY,
    ...overrides,
  };
  return storedUser({
    store: store({ stripe_subscription: subscription }),
    coupon_center_txn: { id: 41 },
  });
}

function answerBilling(methods: PaymentMethod[]) {
  server.use(
    http.get('*/api/v1/coupon-center-plans/', () => HttpResponse.json(page([plan()]))),
    http.get('*/api/v1/coupon-center-transactions/', () => HttpResponse.json(page([]))),
    http.get('*/api/v1/payment-methods/', () => HttpResponse.json(page(methods))),
  );
}

async function subscriptionCard() {
  return within(await screen.findByRole('article', { name: 'VoucherNest Store Page' }));
}

describe('the card on file', () => {
  it("shows the default card as '{Brand} ending {last4}, expires {MM}/{YYYY}' and no failed-payment line while active", async () => {
    answerBilling([
      card({ id: 'pm_old', brand: 'mastercard', last4: '4444' }),
      card({ id: 'pm_new', is_default: true }),
    ]);
    renderApp('/payment', { user: subscribed('active') });
    const subscription = await subscriptionCard();
    expect(await subscription.findByText('Visa ending 4242, expires 04/2030')).toBeVisible();
    expect(subscription.queryByText(/Mastercard/)).not.toBeInTheDocument();
    expect(subscription.getByRole('button', { name: 'Update card' })).toBeEnabled();
    expect(subscription.queryByText(FAILED)).not.toBeInTheDocument();
  });

  it.each(['past_due', 'unpaid'] as const)(
    'when %s, says the last payment failed, above the Update card button',
    async (status) => {
      answerBilling([
        card({ is_default: true, brand: 'amex', last4: '0005', exp_month: 11, exp_year: 2031 }),
      ]);
      renderApp('/payment', { user: subscribed(status) });
      const subscription = await subscriptionCard();
      expect(
        await subscription.findByText('American Express ending 0005, expires 11/2031'),
      ).toBeVisible();
      const line = subscription.getByRole('alert');
      expect(line).toHaveTextContent(FAILED);
      const button = subscription.getByRole('button', { name: 'Update card' });
      expect(line.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    },
  );

  it("'Update card' asks the server for the card form with the session and sends this tab there, busy meanwhile", async () => {
    answerBilling([card({ is_default: true })]);
    let authorization: string | null = null;
    server.use(
      http.post('*/api/v1/billing/card-update/', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ url: 'http://localhost:4007/checkout/card/abc' });
      }),
    );
    const { user } = renderApp('/payment', { user: subscribed('past_due') });
    await user.click((await subscriptionCard()).getByRole('button', { name: 'Update card' }));
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('http://localhost:4007/checkout/card/abc'),
    );
    expect(authorization).toBe('Bearer access-1');
    expect(screen.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
  });

  it('a failed card update shows the server message, stays on the page and the button is usable again', async () => {
    answerBilling([card({ is_default: true })]);
    server.use(
      http.post('*/api/v1/billing/card-update/', () =>
        HttpResponse.json(
          { message: 'The card form is not available right now.' },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderApp('/payment', { user: subscribed('active') });
    await user.click((await subscriptionCard()).getByRole('button', { name: 'Update card' }));
    expect(await screen.findByText('The card form is not available right now.')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update card' })).toBeEnabled());
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("shows only 'Update card' while no card is known", async () => {
    answerBilling([]);
    renderApp('/payment', { user: subscribed('active') });
    const subscription = await subscriptionCard();
    expect(subscription.getByRole('button', { name: 'Update card' })).toBeVisible();
    expect(subscription.queryByText(/ ending /)).not.toBeInTheDocument();
  });

  it('offers no card update once the subscription has ended', async () => {
    answerBilling([card({ is_default: true })]);
    renderApp('/payment', {
      user: subscribed('canceled', {
        canceled_at: now() - 40 * DAY,
        current_period_end: now() - 30 * DAY,
      }),
    });
    const subscription = await subscriptionCard();
    expect(subscription.getByRole('link', { name: 'Reactivate Subscription' })).toBeVisible();
    expect(subscription.queryByRole('button', { name: 'Update card' })).not.toBeInTheDocument();
  });
});
