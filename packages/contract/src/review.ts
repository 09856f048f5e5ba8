import { Type, type Static } from 'typebox';
import { LiteralUnion, Nullable, Paginated } from './common';
import { Coupon } from './coupons';
import { Store } from './stores';

/** Where a store stands in review (SPEC section 4): neither approved nor declined is pending. */
export const REVIEW_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_ACTION_KINDS = ['approve', 'decline', 'resubmit'] as const;
export type ReviewActionKind = (typeof REVIEW_ACTION_KINDS)[number];

/** One recorded review step: who took it and when. */
export const ReviewAction = Type.Object({
  id: Type.Integer(),
  action: LiteralUnion(REVIEW_ACTION_KINDS),
  reason: Type.String(),
  actor_email: Nullable(Type.String()),
  /** ISO 8601. */
  created_at: Type.String(),
});
export type ReviewAction = Static<typeof ReviewAction>;

/** A store as staff review it: the merchant's store, its owner, coupons, history and a preview link. */
export const ReviewStore = Type.Object({
  store: Store,
  status: LiteralUnion(REVIEW_STATUSES),
  owner_email: Type.String(),
  /** ISO 8601: when the store entered the queue (created, or last resubmitted). */
  queued_at: Type.String(),
  coupons: Type.Array(Coupon),
  actions: Type.Array(ReviewAction),
  /** The public page as shoppers will see it, even before it is live (a short-lived staff link). */
  preview_url: Type.String(),
});
export type ReviewStore = Static<typeof ReviewStore>;

/**
 * A store as the queue lists it: enough to choose it. Its details, coupons, history and
 * preview link come with `GET /api/v1/review/stores/{id}/` (a ReviewStore).
 */
export const ReviewQueueEntry = Type.Object({
  store: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    slug: Type.String(),
    client: Type.Integer(),
  }),
  status: LiteralUnion(REVIEW_STATUSES),
  owner_email: Type.String(),
  /** ISO 8601: when the store entered the queue (created, or last resubmitted). */
  queued_at: Type.String(),
});
export type ReviewQueueEntry = Static<typeof ReviewQueueEntry>;

/**
 * The review queue, a page at a time: pending stores first, then oldest in the queue first.
 * `count` is the whole queue under the filter; `next` and `previous` are the URLs of the
 * neighbouring pages (an opaque `cursor` parameter), null at either end.
 */
export const ReviewQueue = Paginated(ReviewQueueEntry);
export type ReviewQueue = Static<typeof ReviewQueue>;

export const REVIEW_PAGE_SIZE = { default: 20, max: 100 } as const;

export const ReviewQueueQuery = Type.Object({
  status: Type.Optional(LiteralUnion(REVIEW_STATUSES)),
  /** A prefix of the store's slug (spaces read as hyphens, any case). */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: REVIEW_PAGE_SIZE.max })),
});
export type ReviewQueueQuery = Static<typeof ReviewQueueQuery>;

export const DeclineBody = Type.Object({ reason: Type.String({ maxLength: 1000 }) });
export type DeclineBody = Static<typeof DeclineBody>;

/** Shopper counts of one coupon over the last 30 days (today included). */
export const CouponStats = Type.Object({
  coupon: Type.Integer(),
  views: Type.Integer({ minimum: 0 }),
  reveals: Type.Integer({ minimum: 0 }),
  clicks: Type.Integer({ minimum: 0 }),
});
export type CouponStats = Static<typeof CouponStats>;

export const CouponStatsList = Type.Object({
  days: Type.Integer(),
  /** yyyy-MM-dd, first and last day counted (UTC). */
  from: Type.String(),
  to: Type.String(),
  results: Type.Array(CouponStats),
});
export type CouponStatsList = Static<typeof CouponStatsList>;
