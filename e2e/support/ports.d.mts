export const E2E_API_PORT: number;
export const E2E_BRAND_PORTS: Record<'uk' | 'us-promo' | 'us-discount', number>;
export const LIGHTHOUSE_API_PORT: number;
