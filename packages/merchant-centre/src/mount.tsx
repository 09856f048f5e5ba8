import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readStoredUser } from '@cc/api';
import type { ClientConfig } from '@cc/config';
import { App } from './app/app';
import type { AppProps } from './app/app';

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

const brandLogoFiles = import.meta.glob<string>('../../config/assets/brands/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

/** URLs of a brand's 'Trusted by' logos, by file name. */
function brandLogoUrls(config: ClientConfig): Record<string, string> {
  return Object.fromEntries(
    config.brands.map((brand) => [brand.logo, brandLogoFiles[`../../config/assets/brands/${brand.logo}`] ?? '']),
  );
}

/** What a brand build's entry does: mounts the app with its config, logo and version into #root. */
export function mountBrand({ config, logoUrl, version }: { config: ClientConfig; logoUrl: string; version: string }) {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  mountApp(root, { config, assets: { logoUrl, brandLogos: brandLogoUrls(config) }, version });
}
