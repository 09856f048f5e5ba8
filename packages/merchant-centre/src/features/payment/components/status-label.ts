import { statusText } from '@cc/ui/subscription-status';

/**
 * The status beside the dot, spelt as the brand writes: British English (en-GB) has
 * 'Cancelled', as in 'Cancelled on'; American English keeps 'Canceled'.
 */
export function statusLabel(status: string, locale: string): string {
  if (status === 'canceled' && locale.toLowerCase() === 'en-gb') return 'Cancelled';
  return statusText(status);
}
