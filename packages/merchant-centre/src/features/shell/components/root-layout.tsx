import { Outlet, ScrollRestoration } from 'react-router';
import { useRefreshStoredUser } from '../../session/use-refresh-stored-user';
import { Footer } from './footer';
import { Header } from './header';
import { LazyToasts } from './lazy-toasts';
import { VersionLabel } from './version-label';

/** The shell around every screen. */
export function RootLayout() {
  useRefreshStoredUser();
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <Header />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <LazyToasts />
      <VersionLabel />
      <ScrollRestoration />
    </div>
  );
}
