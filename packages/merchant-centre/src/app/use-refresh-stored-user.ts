import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { readStoredUser } from '@cc/api';
import { loadApi } from './load-api';
import type { AppStore } from './store';

/**
 * On app start, a stored user is refreshed from /auth/me/ (coupon_center_txn and store merged).
 * The call waits for the API layer's chunk; an app unmounted meanwhile (StrictMode's first
 * mount, a closed test render) makes no call.
 */
export function useRefreshStoredUser() {
  const store = useStore() as AppStore;
  useEffect(() => {
    if (!readStoredUser()) return;
    let mounted = true;
    void (async () => {
      await loadApi(store);
      const { refreshCurrentUser } = await import('../lib/session/session');
      // The screen on show may have asked already: the app start shares its call.
      if (mounted) await refreshCurrentUser(store.dispatch, { joinCall: true });
    })();
    return () => {
      mounted = false;
    };
  }, [store]);
}
