import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readStoredUser } from '@cc/api';
import type { ClientConfig } from '@cc/config';
import { App } from './app/app';
import type { AppProps } from './app/app';
import type { BrandAssets } from './lib/brand-context';

/**
 * Starts the app in a brand's index.html. On / for a visitor the build-time landing
 * page is hydrated as it stands (no second paint); anywhere else the app renders
 * over it.
 */
export function mountApp(container: HTMLElement, props: AppProps): void {
  const app = (
    <StrictMode>
      <App {...props} />
    </StrictMode>
  );
  const isPrerenderedLanding =
    container.firstElementChild !== null && window.location.pathname === '/' && readStoredUser() === null;
  if (isPrerenderedLanding) {
    hydrateRoot(container, app);
    return;
  }
  container.replaceChildren();
  createRoot(container).render(app);
}

/**
 * What a brand build's entry does: mounts the app with its config, logos and version
 * into #root. The brand passes its own 'Trusted by' logo URLs (from
 * @cc/config/brand-logos/<key>), so its build ships only those logo files.
 */
export function mountBrand({
  config,
  logoUrl,
  brandLogos,
  version,
}: {
  config: ClientConfig;
  logoUrl: string;
  brandLogos: BrandAssets['brandLogos'];
  version: string;
}) {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  mountApp(root, { config, assets: { logoUrl, brandLogos }, version });
}
