import type { Store } from '@cc/contract';

/**
 * Where the merchant's public coupon page stands, for the 'Live coupon page' link:
 * - `declined`: staff declined the store (decline_reason says why);
 * - `in-review`: the store exists, not approved and not declined;
 * - `not-paid`: approved, but without a subscription that keeps it live;
 * - `live`: approved and paid (active; past_due while the server's grace lasts).
 * Shoppers see the page only when it is live; the server decides finally (a
 * past_due subscription drops off once its grace days are over).
 */
export type StorePageState = 'declined' | 'in-review' | 'not-paid' | 'live';

export function storePageState(
  store: Pick<Store, 'is_approved' | 'declined' | 'stripe_subscription'>,
): StorePageState {
  if (store.declined) return 'declined';
  if (!store.is_approved) return 'in-review';
  const status = store.stripe_subscription?.status;
  return status === 'active' || status === 'past_due' ? 'live' : 'not-paid';
}

/** The in-app preview the link opens while the page is not live. */
export const STORE_PREVIEW_PATH = '/my-store/preview';
