import { CLIENT_IDS, type ClientId } from '@cc/config';
import type { Kind } from './kinds';

/** The suffix of each brand's settings: PORT_UK, ORIGIN_UK, BRAND_DIST_UK, MAIL_FROM_UK, STRIPE_PRICE_ID_UK. */
export const BRAND_SUFFIX: Record<ClientId, string> = { 7: 'UK', 8: 'US_PROMO', 10: 'US_DISCOUNT' };

/** A brand's setting: `brandSetting('ORIGIN_', 8)` is ORIGIN_US_PROMO. */
export const brandSetting = (prefix: string, id: ClientId) => `${prefix}${BRAND_SUFFIX[id]}`;

/**
 * The value a setting takes when unset: one for every start, one outside production and
 * another in it, or one for each of its names. A default the server works out
 * (a folder of the source tree, a generated secret) is described in `defaultText` instead.
 */
export type Default =
  string | { otherwise: string; production?: string } | { each: readonly string[] };
// `{ otherwise }` without `production`: no default in production (BILLING_PROVIDER).

/**
 * When a production start (NODE_ENV=production) refuses without the setting: always, for each
 * brand the instance serves (a per-brand setting), or while it serves the UK brand. `unless`
 * names an opt-in (`EMBEDDED_DATABASE`) that lifts it; `because` ends the refusal's line, with
 * `{brand}` for the brand's name.
 */
export type ProductionRule = {
  required: 'always' | 'served brand' | 'UK served';
  unless?: string;
  because: string;
};

export type Section =
  | 'Server'
  | 'Database and Redis'
  | 'Brands'
  | 'Mail'
  | 'Billing'
  | 'Invoices'
  | 'Limits'
  | 'Retention'
  | 'Caches'
  | 'Operations'
  | 'Development';

/** One setting, or one family of settings alike (one per brand, one per cache). */
export type Setting = {
  /** The variables; a family has several (ORIGIN_UK, ORIGIN_US_PROMO, ORIGIN_US_DISCOUNT). */
  names: readonly string[];
  /** Each name is one brand's, in CLIENT_IDS order. */
  perBrand?: boolean;
  kind: Kind;
  default?: Default;
  /** The default in words, where the server works it out. */
  defaultText?: string;
  /** What it does (Markdown), for the README's table and the comments of .env.example. */
  description: string;
  production?: ProductionRule;
  /** A secret: never echoed in a refusal, empty in .env.example, and also read from a file (NAME_FILE). */
  secret?: boolean;
  section: Section;
};

/** Every brand's variable of a per-brand setting, in CLIENT_IDS order. */
export const perBrand = (prefix: string) => CLIENT_IDS.map((id) => brandSetting(prefix, id));

/** The value `setting` takes when unset, for the variable at `index` of its names. */
export function defaultOf(
  setting: Setting,
  index: number,
  production: boolean,
): string | undefined {
  const fallback = setting.default;
  if (fallback === undefined || typeof fallback === 'string') return fallback;
  if ('each' in fallback) return fallback.each[index];
  return production ? fallback.production : fallback.otherwise;
}

/** The brand a per-brand setting's variable at `index` belongs to. */
export function brandAt(setting: Setting, index: number): ClientId | undefined {
  return setting.perBrand ? CLIENT_IDS[index] : undefined;
}
