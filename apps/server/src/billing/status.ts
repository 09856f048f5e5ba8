import type { SubscriptionStatus } from '@cc/contract';

/**
 * The payment screen knows five statuses (SPEC section 4): active (green);
 * incomplete, past_due, unpaid (yellow: payment needs attention); canceled
 * (red, offers Reactivate). Stripe has three more, shown as the closest of
 * the five:
 * - trialing -> active: the merchant has the full service until the trial ends.
 * - incomplete_expired -> canceled: the first payment never succeeded and
 *   Stripe gave up; the merchant subscribes again through the payment link.
 * - paused -> unpaid: a trial ended without a card, so collection stopped
 *   until the merchant pays; it needs attention but is not over.
 * Anything unknown is shown as incomplete rather than hidden.
 */
export function wireStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'incomplete':
    case 'past_due':
    case 'unpaid':
    case 'canceled':
      return status;
    case 'trialing':
      return 'active';
    case 'incomplete_expired':
      return 'canceled';
    case 'paused':
      return 'unpaid';
    default:
      return 'incomplete';
  }
}
