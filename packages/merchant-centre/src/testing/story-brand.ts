import { UK_CLIENT, US_DISCOUNT_CLIENT, US_PROMO_CLIENT, type ClientConfig } from '@cc/config';

/** The brand a story is shown in: the Storybook toolbar's `brand` global (packages/ui/.storybook). */
export function storyBrand(globals: Record<string, unknown>): ClientConfig {
  const brands: ClientConfig[] = [UK_CLIENT, US_PROMO_CLIENT, US_DISCOUNT_CLIENT];
  return brands.find((brand) => brand.key === globals['brand']) ?? UK_CLIENT;
}

/** Story globals that show a story in each brand's theme. */
export const BRAND_STORIES = {
  uk: { brand: 'uk' },
  promo: { brand: 'us-promo' },
  discount: { brand: 'us-discount' },
} as const;
