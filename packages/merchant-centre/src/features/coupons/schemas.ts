import { COUPON_RULES } from '@cc/contract';
import { rulesSchema } from '../../lib/form/rules-schema';

/**
 * SPEC section 5: Offer Type required; description required and at most 120 characters;
 * the figures, code, address and dates held to what the server stores, in its messages:
 * the rules the server checks a coupon with (@cc/contract COUPON_RULES). Each form field
 * is checked as the wire field it is sent as (lib/api/coupon-mapper.ts): the savings as
 * savings_amount or savings_percent (their rules are one), the destination URL as each of
 * the three addresses it fills (destination_coupon_url's rule is theirs).
 */
export const couponSchema = rulesSchema({
  rules: COUPON_RULES,
  fields: {
    typeId: 'offer_type',
    description: 'description',
    savings: 'savings_amount',
    minimum: 'savings_minimum_order',
    code: 'discount_code',
    destinationUrl: 'destination_coupon_url',
    started: 'start_date',
    expired: 'expiration_date',
  },
  // Hidden, and sent as null: the savings of free shipping, the expiry with 'No Expiration Date'.
  skipWhen: {
    savings: { field: 'typeId', is: 'free_shipping' },
    expired: { field: 'noExpiration', is: true },
  },
});
