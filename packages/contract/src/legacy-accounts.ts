import { Type, type Static } from 'typebox';
import { LiteralUnion, Nullable } from './common';
import {
  LEGACY_COUPON_EXAMPLE,
  LEGACY_MERCHANT_EXAMPLE,
  LegacyCoupon,
  LegacyId as Id,
  LegacyMerchant,
  LegacyPage,
  LegacyPageQuery,
} from './legacy';
import { REVIEW_STATUSES } from './review';

/**
 * The legacy calls of SPEC section 7 for staff and for the merchant's account: the
 * merchant and coupon review queues, /api/Advertiser, /api/Contact and /api/Payment.
 */

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
        Coupon: LEGACY_COUPON_EXAMPLE,
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
        Merchant: LEGACY_MERCHANT_EXAMPLE,
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
