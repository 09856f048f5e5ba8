import { createContext, useContext } from 'react';
import type { ClientConfig } from '@cc/config';

/** Files a brand build ships: its logo and the logos of the 'Trusted by' strip by file name. */
export type BrandAssets = {
  logoUrl: string;
  /** Brand-logo URLs keyed by the file names of ClientConfig.brands. */
  brandLogos: Readonly<Record<string, string>>;
};

export type Brand = { config: ClientConfig; assets: BrandAssets; version: string };

const BrandContext = createContext<Brand | null>(null);

export const BrandProvider = BrandContext.Provider;

/** The client config, assets and version the brand build injected. */
export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand)
    throw new Error('useBrand needs a BrandProvider: render the app through <App config=... />');
  return brand;
}

export function useClientConfig(): ClientConfig {
  return useBrand().config;
}
