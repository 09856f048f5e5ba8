import { UK_CLIENT, US_DISCOUNT_CLIENT, US_PROMO_CLIENT } from '@cc/config';
import type { ClientConfig } from '@cc/config';

/** The brands a story can be shown in, keyed by the toolbar's `brand` global. */
export const BRANDS: Record<ClientConfig['key'], ClientConfig> = {
  uk: UK_CLIENT,
  'us-promo': US_PROMO_CLIENT,
  'us-discount': US_DISCOUNT_CLIENT,
};

export type BrandKey = keyof typeof BRANDS;

export function brandConfig(key: unknown): ClientConfig {
  return typeof key === 'string' && key in BRANDS ? BRANDS[key as BrandKey] : UK_CLIENT;
}
