import { createHmac, timingSafeEqual } from 'node:crypto';
import { OPTIONAL_MAIL_KINDS, type OptionalMailKind } from '@cc/contract';

export type UnsubscribeRef = { storeId: number; kind: OptionalMailKind };

const isKind = (value: string): value is OptionalMailKind =>
  (OPTIONAL_MAIL_KINDS as readonly string[]).includes(value);

/**
 * The token of a mail's one-click unsubscribe link: the store and the kind of mail,
 * with an HMAC (a key derived from the app secret) so a link turns off only what it
 * was sent for. It does not expire: an old mail's link keeps working.
 */
export function unsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('mail-unsubscribe').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    sign(ref: UnsubscribeRef): string {
      const payload = `${ref.storeId}.${ref.kind}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The store and kind a token names, or undefined when it is malformed or its signature is wrong. */
    verify(token: string): UnsubscribeRef | undefined {
      const [id, kind, signature, ...rest] = token.split('.');
      if (
        rest.length > 0 ||
        !id ||
        !kind ||
        !signature ||
        !/^[1-9]\d{0,9}$/.test(id) ||
        !isKind(kind)
      )
        return undefined;
      const expected = Buffer.from(sign(`${id}.${kind}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      return { storeId: Number(id), kind };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
