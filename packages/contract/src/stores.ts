import { Type, type Static } from 'typebox';
import { LiteralUnion, Nullable } from './common';
import { MAX_LENGTHS } from './rules/field-rules';
import { SUBSCRIPTION_STATUSES } from './constants';

export const StripeSubscription = Type.Object({
  status: LiteralUnion(SUBSCRIPTION_STATUSES),
  /** Unix seconds. */
  start_date: Type.Integer(),
  /** Unix seconds, null unless canceled. */
  canceled_at: Nullable(Type.Integer()),
  /**
   * Unix seconds: the end of the period paid for, when the next renewal is charged
   * (the next billing date while active); null when the provider reports none.
   */
  current_period_end: Nullable(Type.Integer()),
  /**
   * Cancelled by the merchant and ending at current_period_end: the status reads canceled
   * and the page stays live until then; resuming before then keeps the same subscription.
   */
  cancel_at_period_end: Type.Optional(Type.Boolean()),
});
export type StripeSubscription = Static<typeof StripeSubscription>;

export const Store = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  client: Type.Integer(),
  website_url: Type.String(),
  affiliate_website_url: Type.String(),
  logo_url: Type.String(),
  contact_first_name: Type.String(),
  contact_last_name: Type.String(),
  contact_email: Type.String(),
  is_approved: Type.Boolean(),
  declined: Type.Boolean(),
  decline_reason: Type.String(),
  location: Type.String(),
  primary_category: Type.Integer(),
  /** The public store page. */
  url: Type.String(),
  stripe_subscription: Nullable(StripeSubscription),
  /** True while the owner's email is not verified: the store waits for that before its review. */
  awaiting_email_verification: Type.Optional(Type.Boolean()),
});
export type Store = Static<typeof Store>;

const editable = {
  name: Type.String({ maxLength: MAX_LENGTHS.storeName }),
  contact_first_name: Type.Optional(Type.String({ maxLength: MAX_LENGTHS.personName })),
  contact_last_name: Type.Optional(Type.String({ maxLength: MAX_LENGTHS.personName })),
  contact_email: Type.String({ maxLength: MAX_LENGTHS.email }),
  logo_url: Type.Optional(Type.String({ maxLength: MAX_LENGTHS.url })),
  website_url: Type.String({ maxLength: MAX_LENGTHS.url }),
  affiliate_website_url: Type.Optional(Type.String({ maxLength: MAX_LENGTHS.url })),
};

export const StoreCreateBody = Type.Object({
  ...editable,
  client: Type.Integer(),
  slug: Type.String({ maxLength: 250 }),
  location: Type.Optional(Type.String({ maxLength: 10 })),
  primary_category: Type.Optional(Type.Integer()),
});
export type StoreCreateBody = Static<typeof StoreCreateBody>;

export const StoreUpdateBody = Type.Partial(Type.Object(editable));
export type StoreUpdateBody = Static<typeof StoreUpdateBody>;

export const StoreUpdateQuery = Type.Object({
  id: Type.Optional(Type.Integer()),
  client: Type.Optional(Type.Integer()),
});
