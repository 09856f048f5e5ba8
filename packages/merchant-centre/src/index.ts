export { App, AppProviders } from './app/app';
export { mountApp, mountBrand } from './mount';
export type { AppProps } from './app/app';
export { useBrand, useClientConfig } from './lib/brand-context';
export type { Brand, BrandAssets } from './lib/brand-context';
export { createRoutes } from './app/routes';
export { createAppStore } from './app/store';
export type { AppDispatch, AppStore, RootState } from './app/store';
