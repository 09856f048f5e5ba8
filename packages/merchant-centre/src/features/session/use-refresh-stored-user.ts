import { useEffect, useRef } from 'react';
import { readStoredUser } from '@cc/api';
import { useAppDispatch } from '../../app/hooks';
import { refreshCurrentUser } from './session';

/** On app start, a stored user is refreshed from /auth/me/ (coupon_center_txn and store merged). */
export function useRefreshStoredUser() {
  const dispatch = useAppDispatch();
  const hasRun = useRef(false);
  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    if (readStoredUser()) void refreshCurrentUser(dispatch);
  }, [dispatch]);
}
