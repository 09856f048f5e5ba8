import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from '@cc/ui/confirm-dialog';
import { useIdle } from './use-idle';

const Dialog = lazy(() =>
  import('@cc/ui/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * The kit's ConfirmDialog, whose code (with its focus trap) is a chunk of its own:
 * fetched once the screen shows and the browser is idle (at once when asked open
 * before), without holding the screen up, and there by the time anyone opens it.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const isIdle = useIdle();
  // Once opened it stays mounted, closed or open again, as it would have been had the browser been idle.
  const [wasOpened, setOpened] = useState(false);
  if (props.isOpen && !wasOpened) setOpened(true);
  if (!isIdle && !wasOpened && !props.isOpen) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
