import { useEffect } from 'react';
import { useMeQuery } from '@cc/api';
import { useAppDispatch, useAppSelector } from './hooks';
import { mergeCurrentUser } from './session/session';
import { selectUser } from './session/session-slice';

/**
 * The signed-in merchant as /auth/me/ answers it: their store and payment
 * transaction. Screens wait for `isLoading` to end before choosing what to show,
 * so a stale stored user never flashes the wrong screen. Each fresh answer is
 * merged into the stored user (the header's links read it).
 */
export function useMerchant() {
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectUser);
  const me = useMeQuery();
  useEffect(() => {
    if (me.data) mergeCurrentUser(dispatch, me.data);
  }, [dispatch, me.data]);
  const store = me.data ? me.data.store : (stored?.store ?? null);
  const txn = me.data ? me.data.coupon_center_txn : (stored?.coupon_center_txn ?? null);
  return { store, txn, isLoading: !me.data && !me.isError, refetch: me.refetch };
}
