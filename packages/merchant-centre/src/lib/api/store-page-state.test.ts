import { describe, expect, it } from 'vitest';
import type { StripeSubscription } from '@cc/contract';
import { storePageState } from './store-page-state';

const subscription = (status: StripeSubscription['status']): StripeSubscription => ({
  status,
  start_date: 1_763_726_400,
  canceled_at: null,
  current_period_end: 1_766_318_400,
});

describe('storePageState', () => {
  it('is in review while neither approved nor declined, whatever the subscription', () => {
    expect(storePageState({ is_approved: false, declined: false, stripe_subscription: null })).toBe(
      'in-review',
    );
    expect(
      storePageState({
        is_approved: false,
        declined: false,
        stripe_subscription: subscription('active'),
      }),
    ).toBe('in-review');
  });

  it('is declined when declined', () => {
    expect(
      storePageState({
        is_approved: false,
        declined: true,
        stripe_subscription: subscription('active'),
      }),
    ).toBe('declined');
  });

  it('is live once approved with an active or past_due subscription, else not paid', () => {
    expect(
      storePageState({
        is_approved: true,
        declined: false,
        stripe_subscription: subscription('active'),
      }),
    ).toBe('live');
    expect(
      storePageState({
        is_approved: true,
        declined: false,
        stripe_subscription: subscription('past_due'),
      }),
    ).toBe('live');
    for (const status of ['canceled', 'unpaid', 'incomplete'] as const) {
      expect(
        storePageState({
          is_approved: true,
          declined: false,
          stripe_subscription: subscription(status),
        }),
      ).toBe('not-paid');
    }
    expect(storePageState({ is_approved: true, declined: false, stripe_subscription: null })).toBe(
      'not-paid',
    );
  });
});
