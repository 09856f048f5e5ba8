import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from '@cc/ui/confirm-dialog';

const Dialog = lazy(() => import('@cc/ui/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));

/**
 * The kit's ConfirmDialog, whose code (with its focus trap) is a chunk of its own:
 * rendered closed from the start, it is fetched once the screen shows, without
 * holding the screen up, and is there by the time anyone opens it.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
