import { Type, type Static } from 'typebox';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ClientId } from '@cc/config';

/** How long a local payment link stays valid; the payment screen fetches a fresh one on every visit. */
export const PAYMENT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a local card update link stays valid: the browser follows it at once. */
export const CARD_LINK_TTL_MS = 60 * 60 * 1000;

export type LinkReference = { storeId: number; client: ClientId; email: string; expires: number };

/**
 * Local payment links name the store like Stripe's do (client_reference_id,
 * prefilled_email) and carry an HMAC over those values and an expiry, so the
 * checkout (opened in a new tab, without the merchant's bearer token) knows the
 * link came from GET /coupon-center-plans/ for that store's owner and was not
 * edited to pay for another store. Each purpose has its own key (`local-checkout-link`,
 * `local-card-link`), so a payment link never opens the card update, nor the reverse.
 */
export function linkSigner(secret: string, purpose = 'local-checkout-link') {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const sign = (ref: LinkReference) =>
    createHmac('sha256', key)
      .update(`${ref.storeId}.${ref.client}.${ref.email}.${ref.expires}`)
      .digest('base64url');

  return {
    query(ref: LinkReference): string {
      const params = new URLSearchParams({
        client_reference_id: String(ref.storeId),
        prefilled_email: ref.email,
        expires: String(ref.expires),
        signature: sign(ref),
      });
      return params.toString();
    },
    verify(ref: LinkReference, signature: string, nowSeconds: number): boolean {
      if (
        !Number.isInteger(ref.storeId) ||
        !Number.isInteger(ref.expires) ||
        ref.expires < nowSeconds
      )
        return false;
      const expected = Buffer.from(sign(ref));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type LinkSigner = ReturnType<typeof linkSigner>;

/** A signed link's query as the checkout and card pages read it (every part optional: a bad link is refused by its signature). */
export const LinkQuery = Type.Object({
  client_reference_id: Type.Optional(Type.String({ maxLength: 20 })),
  prefilled_email: Type.Optional(Type.String({ maxLength: 254 })),
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  signature: Type.Optional(Type.String({ maxLength: 100 })),
});
export type LinkQuery = Static<typeof LinkQuery>;
