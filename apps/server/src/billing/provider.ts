/**
 * What the sync service needs from a payment processor. Both implementations
 * (local and Stripe) answer with these normalised shapes; every time is unix
 * seconds, every amount minor units.
 */

export type ProviderKind = 'local' | 'stripe';

export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** The processor's status word (Stripe's eight). */
  status: string;
  startDate: number;
  currentPeriodEnd: number | null;
  /** When it was canceled (or asked to end at the period's end), or when it ended without payment (incomplete_expired). */
  canceledAt: number | null;
  /** Cancelled by the merchant: it ends at currentPeriodEnd instead of renewing (Stripe's cancel_at_period_end). */
  cancelAtPeriodEnd: boolean;
};

export type ProviderInvoice = {
  id: string;
  subscriptionId: string;
  customerId: string;
  paid: boolean;
  amountPaid: number;
  currency: string;
  /** When it was paid (or created, if unpaid). */
  paidAt: number;
  receiptUrl: string | null;
};

export type ProviderPaymentMethod = {
  id: string;
  customerId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  created: number;
  isDefault: boolean;
};

/** A finished hosted checkout: which store (client_reference_id) bought which subscription. */
export type ProviderCheckout = {
  id: string;
  /** 'subscription' for a payment, 'setup' for a card update. */
  mode: string;
  clientReferenceId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  complete: boolean;
  /** Setup mode: the SetupIntent that holds the new card. */
  setupIntentId: string | null;
};

export type BillingProvider = {
  kind: ProviderKind;
  retrieveSubscription: (id: string) => Promise<ProviderSubscription | null>;
  listInvoices: (subscriptionId: string) => Promise<ProviderInvoice[]>;
  listPaymentMethods: (customerId: string) => Promise<ProviderPaymentMethod[]>;
  detachPaymentMethod: (id: string) => Promise<void>;
  /** Makes the card the customer's default: renewals charge it. */
  setDefaultPaymentMethod: (customerId: string, id: string) => Promise<void>;
  /** Ends the subscription now. */
  cancelSubscription: (id: string) => Promise<void>;
  /** Ends the subscription at the end of the paid period instead of renewing it; canceled_at is set now. */
  cancelAtPeriodEnd: (id: string) => Promise<void>;
  /** Undoes cancelAtPeriodEnd before the period ends: the same subscription renews as before, nothing is charged now. */
  resume: (id: string) => Promise<void>;
};

/** Statuses that keep a subscription alive: the store has (or is about to have) the service. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set([
  'active',
  'trialing',
  'incomplete',
  'past_due',
  'unpaid',
  'paused',
]);

export function isLive(status: string): boolean {
  return LIVE_STATUSES.has(status);
}

/** Live and paid up: a store with one of these cannot start another subscription. */
export function isHealthy(status: string): boolean {
  return status === 'active' || status === 'trialing';
}
