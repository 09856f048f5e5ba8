import type { Executor } from '../core/data/db';
import type { StoreService } from '../stores/service';
import type { TransactionRow } from './repository';

/** Billing's row types, for the features that mail about payments. */
export type { TransactionRow };

/** What one sync saw: the subscription's status before and after, and the transactions it recorded. */
export type SyncedSubscription = {
  storeId: number;
  provider: 'local' | 'stripe';
  subscriptionId: string;
  statusBefore: string | undefined;
  status: string;
  /** Unix seconds; a failed payment is mailed once per period. */
  periodEnd: number | null;
  transactions: TransactionRow[];
};

/** Runs inside the sync's transaction, after the subscription, its invoices and cards are saved. */
export type SyncListener = (event: SyncedSubscription, tx: Executor) => Promise<void>;

/** What billing reads of stores (through app.stores). */
export type BillingStores = Pick<StoreService, 'findByOwner' | 'findById' | 'ownStore'>;
