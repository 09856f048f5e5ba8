/** Story globals that show a story in one brand's theme (see .storybook/preview.tsx). */
export const BRAND_GLOBALS = {
  uk: { brand: 'uk' },
  promo: { brand: 'us-promo' },
  discount: { brand: 'us-discount' },
} as const;
