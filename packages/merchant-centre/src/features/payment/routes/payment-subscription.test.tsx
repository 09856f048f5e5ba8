import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { StripeSubscription } from '@cc/contract';
import { CLIENTS } from '@cc/config';
import { renderApp } from '../../../testing/render-app';
import { store, storedUser } from '../../../testing/fixtures';
import { page, plan } from '../../../testing/merchant-fixtures';
import { server } from '../../../testing/server';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));

const DAY = 86_400;
/** 2025-11-21 12:00 UTC. */
const START = 1_763_726_400;

function subscribed(subscription: StripeSubscription) {
  return storedUser({
    store: store({ stripe_subscription: subscription }),
    coupon_center_txn: { id: 41 },
  });
}

function answerBilling() {
  server.use(
    http.get('*/api/v1/coupon-center-plans/', () => HttpResponse.json(page([plan()]))),
    http.get('*/api/v1/coupon-center-transactions/', () => HttpResponse.json(page([]))),
  );
}

async function subscriptionCard() {
  return within(await screen.findByRole('article', { name: 'VoucherNest Store Page' }));
}

describe('the subscription card', () => {
  it('after two renewals shows the next billing date from the end of the paid period, not start plus one month', async () => {
    answerBilling();
    // Started 2025-11-21, renewed on 2025-12-21 and 2026-01-21: paid until 2026-02-21.
    const renewedTwice = {
      status: 'active' as const,
      start_date: START,
      canceled_at: null,
      current_period_end: START + 92 * DAY,
    };
    renderApp('/payment', { user: subscribed(renewedTwice) });
    const card = await subscriptionCard();
    expect(card.getByText('Next billing date')).toBeVisible();
    expect(card.getByText('2026-02-21')).toBeVisible();
    expect(card.queryByText('2025-12-21')).not.toBeInTheDocument();
  });

  it('falls back to the start date plus one month when the server reports no period end', async () => {
    answerBilling();
    renderApp('/payment', {
      user: subscribed({
        status: 'active',
        start_date: START,
        canceled_at: null,
        current_period_end: null,
      }),
    });
    expect((await subscriptionCard()).getByText('2025-12-21')).toBeVisible();
  });

  it('started on 31 January 2028 with no period end reported, shows the next billing date 2028-02-29 (a leap year)', async () => {
    answerBilling();
    // 2028-01-31 12:00 UTC.
    renderApp('/payment', {
      user: subscribed({
        status: 'active',
        start_date: 1_832_932_800,
        canceled_at: null,
        current_period_end: null,
      }),
    });
    const card = await subscriptionCard();
    expect(card.getByText('2028-02-29')).toBeVisible();
    expect(card.queryByText('2028-03-02')).not.toBeInTheDocument();
  });

  it("UK spells the status 'Cancelled', beside 'Cancelled on'", async () => {
    answerBilling();
    const canceled = {
      status: 'canceled' as const,
      start_date: START,
      canceled_at: START + DAY,
      current_period_end: START + 30 * DAY,
    };
    renderApp('/payment', { user: subscribed(canceled), config: CLIENTS[7] });
    const card = await subscriptionCard();
    expect(card.getByText('Cancelled')).toHaveAttribute('data-tone', 'red');
    expect(card.getByText('Cancelled on')).toBeVisible();
    expect(card.queryByText('Canceled')).not.toBeInTheDocument();
  });

  it.each([8, 10] as const)("the US brand %i keeps 'Canceled' for the status", async (client) => {
    answerBilling();
    const canceled = {
      status: 'canceled' as const,
      start_date: START,
      canceled_at: START + DAY,
      current_period_end: START + 30 * DAY,
    };
    renderApp('/payment', { user: subscribed(canceled), config: CLIENTS[client] });
    const card = await subscriptionCard();
    expect(card.getByText('Canceled')).toHaveAttribute('data-tone', 'red');
    expect(card.getByText('Cancelled on')).toBeVisible();
  });

  it("the cancel dialog makes 'No, go back' the primary button and 'Yes, cancel' a danger button", async () => {
    answerBilling();
    const { user } = renderApp('/payment', {
      user: subscribed({
        status: 'active',
        start_date: START,
        canceled_at: null,
        current_period_end: START + 30 * DAY,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Cancel Subscription?' }));
    expect(dialog.getByRole('button', { name: 'No, go back' })).toHaveAttribute(
      'data-variant',
      'primary',
    );
    expect(dialog.getByRole('button', { name: 'Yes, cancel' })).toHaveAttribute(
      'data-variant',
      'danger',
    );
  });
});
