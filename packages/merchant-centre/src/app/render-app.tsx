import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import type { AppProps } from './app';

/**
 * Renders the app into the page's #root, over the prerendered shell: on every
 * address but / for a visitor. Its own chunk, with the router, the store and the shell.
 */
export function renderApp(container: HTMLElement, props: AppProps): void {
  container.replaceChildren();
  createRoot(container).render(
    <StrictMode>
      <App {...props} />
    </StrictMode>,
  );
}
