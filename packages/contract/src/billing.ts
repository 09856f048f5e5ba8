import { Type, type Static } from 'typebox';
import { Nullable } from './common';
import { StripeSubscription } from './stores';

export const Plan = Type.Object({
  id: Type.String(),
  /** Unix seconds. */
  updated: Type.Integer(),
  name: Type.String(),
  price: Type.Object({ currency: Type.String(), unit_amount: Type.Integer() }),
  payment_link: Type.Object({ url: Type.String() }),
});
export type Plan = Static<typeof Plan>;

export const PlanQuery = Type.Object({ client: Type.Optional(Type.Integer()) });

export const Transaction = Type.Object({
  id: Type.Integer(),
  /** Unix seconds. */
  transaction_created: Type.Integer(),
  currency: Type.String(),
  /** Minor units. */
  amount: Type.Integer(),
  receipt_url: Type.String(),
  /** The invoice's number as printed (VN-000042), null while none is issued. */
  invoice_number: Type.Optional(Nullable(Type.String())),
  /** The invoice PDF (an unguessable link, like receipt_url), null while none is issued. */
  invoice_url: Type.Optional(Nullable(Type.String())),
});
export type Transaction = Static<typeof Transaction>;

export const PaymentMethod = Type.Object({
  id: Type.String(),
  /** Unix seconds. */
  created_at: Type.Integer(),
  is_default: Type.Boolean(),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
  brand: Type.String(),
  last4: Type.String(),
});
export type PaymentMethod = Static<typeof PaymentMethod>;

export const UpdateSubscriptionBody = Type.Object({ status: Type.String() });
export type UpdateSubscriptionBody = Static<typeof UpdateSubscriptionBody>;

export const SubscriptionResponse = StripeSubscription;
export type SubscriptionResponse = Static<typeof SubscriptionResponse>;

/** The merchant's billing details as receipts print them; '' where not given. */
export const BillingDetails = Type.Object({
  billing_name: Type.String(),
  address_line1: Type.String(),
  address_line2: Type.String(),
  city: Type.String(),
  postal_code: Type.String(),
  country: Type.String(),
  /** UK stores only (client 7), normalised (GB123456789); always '' elsewhere. */
  vat_number: Type.String(),
});
export type BillingDetails = Static<typeof BillingDetails>;

/** The billing details' fields, in the form's order. */
export const BILLING_DETAILS_FIELDS = [
  'billing_name',
  'address_line1',
  'address_line2',
  'city',
  'postal_code',
  'country',
  'vat_number',
] as const satisfies readonly (keyof BillingDetails)[];

/** The billing details of a store that never gave any. */
export const NO_BILLING_DETAILS: BillingDetails = {
  billing_name: '',
  address_line1: '',
  address_line2: '',
  city: '',
  postal_code: '',
  country: '',
  vat_number: '',
};

/** PUT /billing-details/: the fields sent replace the saved ones; a field left out keeps its value. */
export const BillingDetailsBody = Type.Partial(
  Type.Object({
    billing_name: Type.String({ maxLength: 200 }),
    address_line1: Type.String({ maxLength: 200 }),
    address_line2: Type.String({ maxLength: 200 }),
    city: Type.String({ maxLength: 100 }),
    postal_code: Type.String({ maxLength: 20 }),
    country: Type.String({ maxLength: 100 }),
    vat_number: Type.String({ maxLength: 30 }),
  }),
);
export type BillingDetailsBody = Static<typeof BillingDetailsBody>;
