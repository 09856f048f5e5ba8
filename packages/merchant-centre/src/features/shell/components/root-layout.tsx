import { Outlet, ScrollRestoration } from 'react-router';
import { ToastContainer } from '@cc/ui/toast-container';
import { useRefreshStoredUser } from '../../session/use-refresh-stored-user';
import { Footer } from './footer';
import { Header } from './header';
import { NoticeToasts } from './notice-toasts';
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
      <ToastContainer />
      <NoticeToasts />
      <VersionLabel />
      <ScrollRestoration />
    </div>
  );
}
