import { Outlet, ScrollRestoration } from 'react-router';
import { useRefreshStoredUser } from '../../session/use-refresh-stored-user';
import { LazyToasts } from './lazy-toasts';
import { ShellFrame } from './shell-frame';

/** The shell around every screen. */
export function RootLayout() {
  useRefreshStoredUser();
  return (
    <ShellFrame
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
