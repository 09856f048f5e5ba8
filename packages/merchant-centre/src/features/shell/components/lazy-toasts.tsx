import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { selectErrors, selectNotifications } from '@cc/api';
import { useAppSelector } from '../../../lib/hooks';
import { subscribeToastsWanted, toastsWanted } from '../../../lib/toast';

const ToastContainer = lazy(() =>
  import('@cc/ui/toast-container').then((m) => ({ default: m.ToastContainer })),
);
const NoticeToasts = lazy(() =>
  import('./notice-toasts').then((m) => ({ default: m.NoticeToasts })),
);

/**
 * The toast container and the notice-list toasts, loaded only once there is something
 * to toast (a screen's showToast, or a notice not yet displayed), so no screen waits for
 * the toast library or shares the network with it; once there, they stay.
 */
export function LazyToasts() {
  const isWanted = useSyncExternalStore(subscribeToastsWanted, toastsWanted, () => false);
  const hasNotice = useAppSelector(
    (state) =>
      selectNotifications(state).some((item) => !item.displayed) ||
      selectErrors(state).some((item) => !item.displayed),
  );
  const [isMounted, setMounted] = useState(false);
  if (!isMounted && (isWanted || hasNotice)) setMounted(true);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
      <NoticeToasts />
    </Suspense>
  );
}
