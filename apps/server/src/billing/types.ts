/** Billing's row types, for the features that mail about payments. */
export type { TransactionRow } from './repository';
