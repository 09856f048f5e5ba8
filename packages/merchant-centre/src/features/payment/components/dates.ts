import dayjs from 'dayjs';
import { BILLING_PERIOD_MONTHS, DATE_FORMAT } from '@cc/config';

/** Unix seconds -> yyyy-MM-dd. */
export function formatUnixDate(seconds: number): string {
  return dayjs.unix(seconds).format(DATE_FORMAT);
}

/** Next billing date: the start date plus one month. */
export function nextBillingDate(startSeconds: number): string {
  return dayjs.unix(startSeconds).add(BILLING_PERIOD_MONTHS, 'month').format(DATE_FORMAT);
}
