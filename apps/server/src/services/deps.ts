import type { ClientId } from '@cc/config';
import type { StripeSubscription } from '@cc/contract';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import type { Repositories } from '../repositories';
import type { CouponListCache } from './coupon-list-cache';

/**
 * What billing contributes to the merchant's views. Defaults answer null; the
 * billing plugin replaces them (see src/billing).
 */
/** An owner's latest transaction and their store's current subscription. */
export type OwnerBilling = { couponCenterTxn: { id: number } | null; subscription: StripeSubscription | null };

export type BillingView = {
  subscriptionForStore: (storeId: number) => Promise<StripeSubscription | null>;
  /** The user's latest transaction and their store's current subscription, in one read. */
  ownerBilling: (userId: number) => Promise<OwnerBilling>;
};

export type ServiceDeps = {
  db: Db;
  repos: Repositories;
  clock: Clock;
  brandOrigins: Record<ClientId, string>;
  jwtSecret: string;
  billing: BillingView;
  /** Per-instance coupon lists, valid only while subscribed to store changes (see coupon-list-cache.ts). */
  couponLists?: CouponListCache | undefined;
  /** Bytes the verified access tokens may hold (services/cache-budgets.ts). */
  verifiedTokensBudget: number;
};

/** The authenticated caller, from the access token. */
export type Caller = { userId: number; client: ClientId };
