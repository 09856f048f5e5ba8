import dayjs from 'dayjs';
import { BILLING_PERIOD_MONTHS, DATE_FORMAT } from '@cc/config';
import type { StripeSubscription } from '@cc/contract';

/** Unix seconds -> yyyy-MM-dd. */
export function formatUnixDate(seconds: number): string {
  return dayjs.unix(seconds).format(DATE_FORMAT);
}

/**
 * Next billing date: the end of the period paid for (current_period_end), the day the
 * next renewal is charged. The spec's start date plus one month is right only until the
 * first renewal, so it is used only when the server reports no period end.
 */
export function nextBillingDate(
  subscription: Pick<StripeSubscription, 'start_date' | 'current_period_end'>,
): string {
  if (subscription.current_period_end !== null)
    return formatUnixDate(subscription.current_period_end);
  return dayjs
    .unix(subscription.start_date)
    .add(BILLING_PERIOD_MONTHS, 'month')
    .format(DATE_FORMAT);
}

/**
 * The end of the paid period while a cancellation waits for it (the page stays live until
 * then and the merchant can still resume); null once it has passed or when nothing waits.
 */
export function pendingCancellationEnd(
  subscription: Pick<StripeSubscription, 'status' | 'cancel_at_period_end' | 'current_period_end'>,
  nowSeconds: number,
): number | null {
  if (subscription.status !== 'canceled' || subscription.cancel_at_period_end !== true) return null;
  const end = subscription.current_period_end;
  return end !== null && end > nowSeconds ? end : null;
}
