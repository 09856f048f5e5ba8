import { lazy, Suspense, useEffect, useState } from 'react';

const ToastContainer = lazy(() => import('@cc/ui/toast-container').then((m) => ({ default: m.ToastContainer })));
const NoticeToasts = lazy(() => import('./notice-toasts').then((m) => ({ default: m.NoticeToasts })));

/**
 * The toast container and the notice-list toasts load after the first paint, so
 * the landing page does not wait for the toast library.
 */
export function LazyToasts() {
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(start, { timeout: 1500 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(start, 200);
    return () => clearTimeout(handle);
  }, []);
  if (!isReady) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
      <NoticeToasts />
    </Suspense>
  );
}
