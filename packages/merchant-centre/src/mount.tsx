import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readStoredUser } from '@cc/api';
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
