import { lazy, Suspense } from 'react';
import { useIdle } from '../../../lib/use-idle';

const ToastContainer = lazy(() => import('@cc/ui/toast-container').then((m) => ({ default: m.ToastContainer })));
const NoticeToasts = lazy(() => import('./notice-toasts').then((m) => ({ default: m.NoticeToasts })));

/**
 * The toast container and the notice-list toasts load after the first paint, so
 * the landing page does not wait for the toast library.
 */
export function LazyToasts() {
  if (!useIdle()) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
      <NoticeToasts />
    </Suspense>
  );
}
