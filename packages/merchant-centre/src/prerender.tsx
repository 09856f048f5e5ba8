import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from '@cc/ui/theme';
import { BrandProvider } from './lib/brand-context';
import type { Brand } from './lib/brand-context';
import { createAppStore } from './app/store';
import { LandingPage } from './features/landing/routes/landing-page';
import { ShellFrame } from './features/shell/components/shell-frame';

/**
 * The landing page as a visitor sees it, as HTML for the brand build's index.html:
 * the page paints before any script runs; the app then renders over it.
 */
export function prerenderLanding(brand: Brand): string {
  const store = createAppStore({ clientId: brand.config.clientId });
  return renderToString(
    <Provider store={store}>
      <BrandProvider value={brand}>
        <ThemeProvider theme={brand.config.theme}>
          <MemoryRouter initialEntries={['/']}>
            <ShellFrame isPrerendered>
              <LandingPage />
            </ShellFrame>
          </MemoryRouter>
        </ThemeProvider>
      </BrandProvider>
    </Provider>,
  );
}
