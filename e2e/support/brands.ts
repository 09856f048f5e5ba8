import { CLIENTS } from '../../packages/config/src/clients';
import type { ClientConfig } from '../../packages/config/src/types';
import { E2E_API_PORT, E2E_BRAND_PORTS } from './ports.mjs';

export { E2E_API_PORT };

export type E2EBrand = {
  key: ClientConfig['key'];
  config: ClientConfig;
  origin: string;
  price: string;
};

/** The three brand builds as the journeys reach them. */
export const BRANDS: E2EBrand[] = [CLIENTS[7], CLIENTS[8], CLIENTS[10]].map((config) => ({
  key: config.key,
  config,
  origin: `http://localhost:${E2E_BRAND_PORTS[config.key]}`,
  price: `${config.currencySymbol}${config.price.toFixed(2)}`,
}));

export const UK = BRANDS[0] as E2EBrand;

/** The seeded, verified demo merchant of a brand (see apps/server/src/seed.ts). */
export function demoLogin(brand: E2EBrand) {
  return {
    email: `demo@${new URL(brand.config.clientUrl).hostname.replace(/^www\./, '')}`,
    password: 'demo1234',
  };
}
