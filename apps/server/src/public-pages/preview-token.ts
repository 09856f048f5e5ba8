import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a staff preview link of a store page stays valid. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;

/**
 * Staff preview links: `<storeId>.<expiry seconds>.<HMAC>` with a key derived
 * from the server secret, so an iframe can show a page that is not live yet
 * without carrying the staff's bearer token.
 */
export function previewSigner(secret: string) {
  const key = createHmac('sha256', secret).update('store-page-preview').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(storeId: number, now: Date): string {
      // Expiry rounded up to a whole TTL step: the link stays the same between queue refreshes.
      const expiry = Math.ceil((now.getTime() + PREVIEW_TTL_MS) / PREVIEW_TTL_MS) * PREVIEW_TTL_MS;
      const payload = `${storeId}.${expiry / 1000}`;
      return `${payload}.${sign(payload)}`;
    },
    /** Whether the token previews this store and has not expired. */
    verify(token: string, storeId: number, now: Date): boolean {
      const [id, expiry, signature] = token.split('.');
      if (!id || !expiry || !signature || Number(id) !== storeId) return false;
      if (Number(expiry) * 1000 < now.getTime()) return false;
      const expected = Buffer.from(sign(`${id}.${expiry}`));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type PreviewSigner = ReturnType<typeof previewSigner>;
