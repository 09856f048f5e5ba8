import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { readStoredUser } from '@cc/api';
import { loadApi } from './load-api';
import type { AppStore } from './store';

/** On app start, a stored user is refreshed from /auth/me/ (coupon_center_txn and store merged). */
export function useRefreshStoredUser() {
  const store = useStore() as AppStore;
  const hasRun = useRef(false);
  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    if (!readStoredUser()) return;
    void (async () => {
      await loadApi(store);
      const { refreshCurrentUser } = await import('../lib/session/session');
      await refreshCurrentUser(store.dispatch);
    })();
  }, [store]);
}
