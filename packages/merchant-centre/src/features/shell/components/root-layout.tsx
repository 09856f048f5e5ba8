import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Header } from './header';
import { LazyToasts } from './lazy-toasts';
import { ShellFrame } from './shell-frame';

/** The shell around every screen. */
export function RootLayout() {
  useEffect(() => {
    // Tells browser journeys (and anyone curious) that the app took over the prerendered page.
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
  return (
    <ShellFrame
      header={<Header />}
      after={
        <>
          <LazyToasts />
          <ScrollRestoration />
        </>
      }
    >
      <Outlet />
    </ShellFrame>
  );
}
