import { useEffect, useMemo } from 'react';
import { ThemeProvider } from '@cc/ui/theme';
import { LandingPage } from '../features/landing/routes/landing-page';
import { HeaderBar } from '../features/shell/components/header-bar';
import { ShellFrame } from '../features/shell/components/shell-frame';
import { VisitorLinks } from '../features/shell/components/visitor-links';
import { BrandProvider } from '../lib/brand-context';
import type { AppProps } from './app';

/**
 * The landing page as a visitor gets it on /: the shell with a visitor's links and
 * the pitch, without the router, the store or the API layer. The build prerenders
 * it and the browser hydrates it; its links load the app at their address.
 */
export function LandingRoot({ config, assets, version }: AppProps) {
  const brand = useMemo(() => ({ config, assets, version }), [config, assets, version]);
  useEffect(() => {
    // As the app's shell does: tells browser journeys the page is live.
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return (
    <BrandProvider value={brand}>
      <ThemeProvider theme={config.theme}>
        <ShellFrame header={<HeaderBar links={VisitorLinks} />} isPrerendered>
          <LandingPage />
        </ShellFrame>
      </ThemeProvider>
    </BrandProvider>
  );
}
