import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@cc/config';
import { ToastContainer as ToastifyContainer } from 'react-toastify';
import type { ToastContainerProps as ToastifyProps } from 'react-toastify';

export type ToastContainerProps = Partial<ToastifyProps>;

/**
 * Where the app shell's toasts appear: bottom-right, closing after
 * TOAST_AUTO_CLOSE_MS with at most TOAST_LIMIT on screen. Render it once in the
 * shell and call `toast.success(...)` / `toast.error(...)` anywhere.
 */
export function ToastContainer(props: ToastContainerProps) {
  return (
    <ToastifyContainer
      position="bottom-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      limit={TOAST_LIMIT}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss
      pauseOnHover
      theme="light"
      {...props}
    />
  );
}
