import { renderToString } from 'react-dom/server';
import { LandingRoot } from './app/landing-root';
import type { Brand } from './lib/brand-context';

/**
 * The landing page as a visitor sees it, as HTML for the brand build's index.html:
 * the page paints before any script runs; the browser then hydrates the same tree.
 */
export function prerenderLanding(brand: Brand): string {
  return renderToString(<LandingRoot {...brand} />);
}
