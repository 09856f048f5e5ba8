import { Type, type Static } from 'typebox';
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
