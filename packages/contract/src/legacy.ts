import { Type, type Static, type TSchema } from 'typebox';
import { DateString, Decimal, LiteralUnion, Nullable } from './common';
import { OFFER_TYPES } from './offer/offer-types';
import { REVIEW_STATUSES } from './review';

/**
 * The legacy catalogue API of SPEC section 7 (/api/Merchant, /api/Coupon, their
 * queues, /api/Payment, /api/Advertiser, /api/Contact): PascalCase fields, one
 * shape per entity. Served over the same data as /api/v1. This file holds the public
 * catalogue (merchants, coupons, pages); legacy-accounts.ts the staff queues and the
 * merchant's account calls.
 */

/** Messages only the legacy calls answer with. */
export const LEGACY_MESSAGES = {
  /** The legacy payment calls' answer when the list they work on is empty; the client then empties its list. */
  emptySequence: 'Sequence contains no elements',
  foreignReturnUrl: 'Enter a URL on this site.',
} as const;

/** A row id as the legacy calls take it in a path or query. */
export const LegacyId = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Id = LegacyId;

/** An example for the API docs, also used by the queue and account shapes. */
export const LEGACY_MERCHANT_EXAMPLE = {
  MerchantId: 42,
  Name: 'Acme Outdoor',
  Slug: 'acme-outdoor-voucher-codes',
  ClientId: 7,
  LogoUrl: 'http://localhost:4007/media/logos/acme.png',
  Url: 'http://localhost:4007/stores/acme-outdoor-voucher-codes',
  WebsiteUrl: 'https://acme.example',
  CategoryId: 1536,
  Location: 'uk',
  Status: 'approved',
  DeclineReason: '',
  IsLive: true,
  CouponCount: 2,
};

/** A merchant is a store. Public reads show only live ones (approved, subscription in good standing). */
export const LegacyMerchant = Type.Object(
  {
    MerchantId: Type.Integer(),
    Name: Type.String(),
    Slug: Type.String(),
    ClientId: Type.Integer(),
    LogoUrl: Type.String(),
    /** The public store page on the brand's origin. */
    Url: Type.String(),
    WebsiteUrl: Type.String(),
    CategoryId: Type.Integer(),
    Location: Type.String(),
    Status: LiteralUnion(REVIEW_STATUSES),
    DeclineReason: Type.String(),
    /** Approved with a subscription in good standing: the page and catalogue show it. */
    IsLive: Type.Boolean(),
    /** Current coupons: started and not expired today. */
    CouponCount: Type.Integer({ minimum: 0 }),
  },
  { examples: [LEGACY_MERCHANT_EXAMPLE] },
);
export type LegacyMerchant = Static<typeof LegacyMerchant>;

/** An example for the API docs, also used by the queue and account shapes. */
export const LEGACY_COUPON_EXAMPLE = {
  CouponId: 301,
  MerchantId: 42,
  MerchantName: 'Acme Outdoor',
  MerchantSlug: 'acme-outdoor-voucher-codes',
  LogoUrl: 'http://localhost:4007/media/logos/acme.png',
  OfferType: 'sitewide_percent',
  Headline: '20% OFF',
  Description: '20% off everything',
  Code: 'SAVE20',
  Url: 'http://localhost:4007/stores/acme-outdoor-voucher-codes/go/301',
  StartDate: '2026-01-01',
  ExpirationDate: '2026-02-01',
  SavingsAmount: null,
  SavingsPercent: '20.00',
  MinimumOrder: '10.00',
  IsSavingsRange: false,
  SortNumber: 1,
};

export const LegacyCoupon = Type.Object(
  {
    CouponId: Type.Integer(),
    MerchantId: Type.Integer(),
    MerchantName: Type.String(),
    MerchantSlug: Type.String(),
    LogoUrl: Type.String(),
    OfferType: LiteralUnion(OFFER_TYPES),
    /** The title, else built from the offer ('20% OFF', '£5 OFF', 'Free Shipping', 'Sale'). */
    Headline: Type.String(),
    Description: Type.String(),
    Code: Type.String(),
    /** The shopper's click-through on the brand's origin: counted, then redirected to the merchant. */
    Url: Type.String(),
    StartDate: Nullable(DateString),
    ExpirationDate: Nullable(DateString),
    SavingsAmount: Nullable(Decimal),
    SavingsPercent: Nullable(Decimal),
    MinimumOrder: Nullable(Decimal),
    /** The title says 'up to'. */
    IsSavingsRange: Type.Boolean(),
    SortNumber: Type.Integer(),
  },
  { examples: [LEGACY_COUPON_EXAMPLE] },
);
export type LegacyCoupon = Static<typeof LegacyCoupon>;

/** A merchant's embeddable snippet: the merchant, its current coupons and the same as an HTML fragment. */
export const LegacyMerchantSnippet = Type.Object(
  {
    Merchant: LegacyMerchant,
    Coupons: Type.Array(LegacyCoupon),
    /** Escaped HTML: logo, name and each coupon's headline linking to its Url. */
    Html: Type.String(),
  },
  {
    examples: [
      {
        Merchant: LEGACY_MERCHANT_EXAMPLE,
        Coupons: [LEGACY_COUPON_EXAMPLE],
        Html: '<div class="cc-merchant">…</div>',
      },
    ],
  },
);
export type LegacyMerchantSnippet = Static<typeof LegacyMerchantSnippet>;

/** A page of a list: 1-based `Page`, `PageSize` items at most, `TotalCount` in all. */
export const LegacyPage = <T extends TSchema>(item: T, example: unknown) =>
  Type.Object(
    {
      Items: Type.Array(item),
      TotalCount: Type.Integer({ minimum: 0 }),
      Page: Type.Integer({ minimum: 1 }),
      PageSize: Type.Integer({ minimum: 1 }),
    },
    { examples: [{ Items: [example], TotalCount: 1, Page: 1, PageSize: 20 }] },
  );
export type LegacyPage<T> = { Items: T[]; TotalCount: number; Page: number; PageSize: number };

export const LegacyMerchantPage = LegacyPage(LegacyMerchant, LEGACY_MERCHANT_EXAMPLE);
export const LegacyCouponPage = LegacyPage(LegacyCoupon, LEGACY_COUPON_EXAMPLE);

export const LegacyPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type LegacyPageQuery = Static<typeof LegacyPageQuery>;

export const LegacyIdParams = Type.Object({ id: Id });
export const LegacySlugParams = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 250 }),
});
/** A letter a to z (either case), or `0-9` for names that start with a digit. */
export const LegacyLetterParams = Type.Object({
  letter: Type.String({ pattern: '^(?:[A-Za-z]|0-9)$' }),
});
export const LegacyStoreParams = Type.Object({ storeId: Id });
export const LegacyCategoryParams = Type.Object({ categoryId: Id });

export const LegacyMerchantIdQuery = Type.Object({ merchantId: Id });
export const LegacyAdvertiserIdQuery = Type.Object({ advertiserId: Id });
export const LegacyOptionalAdvertiserQuery = Type.Object({ advertiserId: Type.Optional(Id) });
export const LegacySourceIdQuery = Type.Object({ sourceId: Id });
export const LegacyCouponIdQuery = Type.Object({ couponId: Id });
export const LegacyContactIdQuery = Type.Object({ contactId: Id });
