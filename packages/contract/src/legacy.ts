import { Type, type Static, type TSchema } from 'typebox';
import { DateString, Decimal, LiteralUnion, Nullable } from './common';
import { OFFER_TYPES } from './offer/offer-types';
import { REVIEW_STATUSES } from './review';

/**
 * The legacy catalogue API of SPEC section 7 (/api/Merchant, /api/Coupon, their
 * queues, /api/Payment, /api/Advertiser, /api/Contact): PascalCase fields, one
 * shape per entity. Served over the same data as /api/v1.
 */

/** Messages only the legacy calls answer with. */
export const LEGACY_MESSAGES = {
  /** The legacy payment calls' answer when the list they work on is empty; the client then empties its list. */
  emptySequence: 'Sequence contains no elements',
  foreignReturnUrl: 'Enter a URL on this site.',
} as const;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

const MERCHANT_EXAMPLE = {
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
  { examples: [MERCHANT_EXAMPLE] },
);
export type LegacyMerchant = Static<typeof LegacyMerchant>;

const COUPON_EXAMPLE = {
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
  { examples: [COUPON_EXAMPLE] },
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
        Merchant: MERCHANT_EXAMPLE,
        Coupons: [COUPON_EXAMPLE],
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

export const LegacyMerchantPage = LegacyPage(LegacyMerchant, MERCHANT_EXAMPLE);
export const LegacyCouponPage = LegacyPage(LegacyCoupon, COUPON_EXAMPLE);

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

const QUEUE_EXAMPLE = {
  MerchantId: 42,
  Name: 'Acme Outdoor',
  Slug: 'acme-outdoor-voucher-codes',
  ClientId: 7,
  OwnerEmail: 'owner@acme.example',
  Status: 'pending',
  DeclineReason: '',
  QueuedAt: '2026-01-01T09:00:00.000Z',
  PreviewUrl: '/stores/acme-outdoor-voucher-codes?preview=…',
  CouponCount: 2,
};

/** A store in the review queue (staff only): pending first, then oldest first. */
export const LegacyMerchantQueueItem = Type.Object(
  {
    MerchantId: Type.Integer(),
    Name: Type.String(),
    Slug: Type.String(),
    ClientId: Type.Integer(),
    OwnerEmail: Type.String(),
    Status: LiteralUnion(REVIEW_STATUSES),
    DeclineReason: Type.String(),
    /** ISO 8601: when the store entered the queue (created, or last resubmitted). */
    QueuedAt: Type.String(),
    /** The staff preview of the store page, before it is live. */
    PreviewUrl: Type.String(),
    CouponCount: Type.Integer({ minimum: 0 }),
  },
  { examples: [QUEUE_EXAMPLE] },
);
export type LegacyMerchantQueueItem = Static<typeof LegacyMerchantQueueItem>;
export const LegacyMerchantQueuePage = LegacyPage(LegacyMerchantQueueItem, QUEUE_EXAMPLE);

export const LegacyQueueQuery = Type.Object({
  status: Type.Optional(LiteralUnion(REVIEW_STATUSES)),
  ...LegacyPageQuery.properties,
});

/** A coupon with its store's place in the review queue (staff only). */
export const LegacyCouponQueueItem = Type.Object(
  {
    CouponId: Type.Integer(),
    MerchantId: Type.Integer(),
    Status: LiteralUnion(REVIEW_STATUSES),
    QueuedAt: Type.String(),
    PreviewUrl: Type.String(),
    Coupon: LegacyCoupon,
  },
  {
    examples: [
      {
        CouponId: 301,
        MerchantId: 42,
        Status: 'pending',
        QueuedAt: QUEUE_EXAMPLE.QueuedAt,
        PreviewUrl: QUEUE_EXAMPLE.PreviewUrl,
        Coupon: COUPON_EXAMPLE,
      },
    ],
  },
);
export type LegacyCouponQueueItem = Static<typeof LegacyCouponQueueItem>;

/** An advertiser is a merchant account: the user and its store (null before it adds one). */
export const LegacyAdvertiser = Type.Object(
  {
    AdvertiserId: Type.Integer(),
    Email: Type.String(),
    FirstName: Type.String(),
    LastName: Type.String(),
    ClientId: Type.Integer(),
    EmailVerified: Type.Boolean(),
    Merchant: Nullable(LegacyMerchant),
  },
  {
    examples: [
      {
        AdvertiserId: 9,
        Email: 'owner@acme.example',
        FirstName: 'Ada',
        LastName: 'Lovelace',
        ClientId: 7,
        EmailVerified: true,
        Merchant: MERCHANT_EXAMPLE,
      },
    ],
  },
);
export type LegacyAdvertiser = Static<typeof LegacyAdvertiser>;

const storeFields = {
  Name: Type.String({ maxLength: 200 }),
  WebsiteUrl: Type.String({ maxLength: 2048 }),
  AffiliateWebsiteUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  LogoUrl: Type.Optional(Type.String({ maxLength: 2048 })),
};

/** Adds the advertiser's store (its one merchant); staff name the account with AdvertiserId. */
export const LegacyAdvertiserAddBody = Type.Object(
  {
    AdvertiserId: Type.Optional(Id),
    ...storeFields,
    /** Defaults to the name's slug plus the brand's suffix. */
    Slug: Type.Optional(Type.String({ maxLength: 250 })),
    ContactFirstName: Type.Optional(Type.String({ maxLength: 150 })),
    ContactLastName: Type.Optional(Type.String({ maxLength: 150 })),
    ContactEmail: Type.String({ maxLength: 254 }),
  },
  {
    examples: [
      { Name: 'Acme Outdoor', WebsiteUrl: 'acme.example', ContactEmail: 'owner@acme.example' },
    ],
  },
);
export type LegacyAdvertiserAddBody = Static<typeof LegacyAdvertiserAddBody>;

/** Edits the account's names and its store's name, addresses and logo; fields left out stay. */
export const LegacyAdvertiserEditBody = Type.Object(
  {
    AdvertiserId: Type.Optional(Id),
    FirstName: Type.Optional(Type.String({ maxLength: 150 })),
    LastName: Type.Optional(Type.String({ maxLength: 150 })),
    ...Type.Partial(Type.Object(storeFields)).properties,
  },
  { examples: [{ FirstName: 'Ada', Name: 'Acme Outdoor Ltd' }] },
);
export type LegacyAdvertiserEditBody = Static<typeof LegacyAdvertiserEditBody>;

const CONTACT_EXAMPLE = {
  ContactId: 42,
  MerchantId: 42,
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Email: 'ada@acme.example',
};

/** A merchant's contact: the store's contact fields (one per merchant, so ContactId is the MerchantId). */
export const LegacyContact = Type.Object(
  {
    ContactId: Type.Integer(),
    MerchantId: Type.Integer(),
    FirstName: Type.String(),
    LastName: Type.String(),
    Email: Type.String(),
  },
  { examples: [CONTACT_EXAMPLE] },
);
export type LegacyContact = Static<typeof LegacyContact>;

export const LegacyContactList = Type.Array(LegacyContact, { examples: [[CONTACT_EXAMPLE]] });

const contactFields = {
  FirstName: Type.Optional(Type.String({ maxLength: 150 })),
  LastName: Type.Optional(Type.String({ maxLength: 150 })),
};

export const LegacyContactAddBody = Type.Object(
  { MerchantId: Id, ...contactFields, Email: Type.String({ maxLength: 254 }) },
  {
    examples: [
      { MerchantId: 42, FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@acme.example' },
    ],
  },
);
export type LegacyContactAddBody = Static<typeof LegacyContactAddBody>;

export const LegacyContactEditBody = Type.Object(
  { ContactId: Id, ...contactFields, Email: Type.Optional(Type.String({ maxLength: 254 })) },
  { examples: [{ ContactId: 42, Email: 'sales@acme.example' }] },
);
export type LegacyContactEditBody = Static<typeof LegacyContactEditBody>;

const PAYMENT_METHOD_EXAMPLE = {
  PaymentMethodId: 'pm_local_4f2a',
  Brand: 'visa',
  Last4: '4242',
  ExpMonth: 12,
  ExpYear: 2030,
  IsDefault: true,
  CreatedAt: 1767258000,
};

export const LegacyPaymentMethod = Type.Object(
  {
    PaymentMethodId: Type.String(),
    Brand: Type.String(),
    Last4: Type.String(),
    ExpMonth: Type.Integer(),
    ExpYear: Type.Integer(),
    IsDefault: Type.Boolean(),
    /** Unix seconds. */
    CreatedAt: Type.Integer(),
  },
  { examples: [PAYMENT_METHOD_EXAMPLE] },
);
export type LegacyPaymentMethod = Static<typeof LegacyPaymentMethod>;
/** The caller's cards, the default first. */
export const LegacyPaymentMethodList = Type.Array(LegacyPaymentMethod, {
  examples: [[PAYMENT_METHOD_EXAMPLE]],
});

const INVOICE_EXAMPLE = {
  InvoiceId: 5,
  MerchantId: 42,
  Created: 1767258000,
  Currency: 'gbp',
  Amount: 1999,
  ReceiptUrl: 'http://localhost:4007/checkout/receipts/…',
};

/** A paid invoice (a transaction of the order history). */
export const LegacyInvoice = Type.Object(
  {
    InvoiceId: Type.Integer(),
    MerchantId: Type.Integer(),
    /** Unix seconds. */
    Created: Type.Integer(),
    Currency: Type.String(),
    /** Minor units. */
    Amount: Type.Integer(),
    ReceiptUrl: Type.String(),
  },
  { examples: [INVOICE_EXAMPLE] },
);
export type LegacyInvoice = Static<typeof LegacyInvoice>;
export const LegacyInvoicePage = LegacyPage(LegacyInvoice, INVOICE_EXAMPLE);

export const LegacyInvoicesQuery = Type.Object({ merchantId: Id, ...LegacyPageQuery.properties });
export const LegacyDeleteMethodQuery = Type.Object({
  paymentMethodId: Type.String({ minLength: 1, maxLength: 255 }),
});
export const LegacyDefaultMethodQuery = Type.Object({
  merchantId: Id,
  paymentMethod: Type.String({ minLength: 1, maxLength: 255 }),
});
export const LegacySessionQuery = Type.Object({
  merchantId: Id,
  returnUrl: Type.String({ minLength: 1, maxLength: 2048 }),
});

/**
 * Where to send the merchant: `checkout` to pay (no subscription in good standing), or
 * `portal`, the brand's billing page (cards, cancelling, order history).
 */
export const LegacyPaymentSession = Type.Object(
  {
    Kind: LiteralUnion(['checkout', 'portal'] as const),
    Url: Type.String(),
    /** The returnUrl asked for, checked to be on the brand's own origin. */
    ReturnUrl: Type.String(),
  },
  {
    examples: [
      {
        Kind: 'portal',
        Url: 'http://localhost:4007/payment',
        ReturnUrl: 'http://localhost:4007/my-store',
      },
    ],
  },
);
export type LegacyPaymentSession = Static<typeof LegacyPaymentSession>;
