import { bearer } from '../../core/http/route-schemas';

/** What every legacy route's schema starts with: the `legacy` tag and its words in the docs. */
export const legacyDoc = (summary: string, description: string) => ({
  tags: ['legacy'],
  summary,
  description,
});

/** The same for a call that needs a bearer token. */
export const signedInDoc = (summary: string, description: string) => ({
  ...legacyDoc(summary, description),
  security: bearer,
});

const CACHING =
  'ETag and Cache-Control (a shared cache may keep the answer 2 s, and 2 s more while it revalidates); 304 for a matching If-None-Match.';
export const PUBLIC_MERCHANTS = `Public, per brand (site key header or brand port): live merchants only. ${CACHING}`;
export const PUBLIC_COUPONS = `Public, per brand (site key header or brand port): current coupons (started, not expired) of live merchants only. ${CACHING}`;
export const OWNER =
  "The account's owner, or staff; another merchant's is 404. Validation and messages as /api/v1/stores/.";
export const STAFF = 'Staff only: 401 without a token, 403 for a merchant.';
export const OWN_PAYMENTS =
  "The caller's own payment data only (merchantId is the caller's store; another is 404). An empty list answers 404 'Sequence contains no elements'.";
