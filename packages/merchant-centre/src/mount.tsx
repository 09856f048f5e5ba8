import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readStoredUser } from '@cc/api';
import type { ClientConfig } from '@cc/config';
import type { AppProps } from './app/app';
import type { BrandAssets } from './lib/brand-context';

/**
 * Starts the page in a brand's index.html. On / for a visitor the build-time landing
 * page is hydrated as it stands (no second paint) with the landing tree alone (a chunk
 * of its own, which needs neither the router nor the store); anywhere else the app (a
 * chunk of its own) loads and renders over it. The entry itself is React DOM and this
 * choice, so no screen downloads the other's code.
 */
export function mountApp(container: HTMLElement, props: AppProps): void {
  const isPrerenderedLanding =
    container.firstElementChild !== null &&
    window.location.pathname === '/' &&
    readStoredUser() === null;
  if (isPrerenderedLanding) {
    void import('./app/landing-root').then(({ LandingRoot }) =>
      hydrateRoot(
        container,
        <StrictMode>
          <LandingRoot {...props} />
        </StrictMode>,
      ),
    );
    return;
  }
  void import('./app/render-app').then(({ renderApp }) => renderApp(container, props));
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
