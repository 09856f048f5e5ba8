/** The kinds of toast a screen shows. */
export type ToastKind = 'success' | 'error' | 'info';

/**
 * Shows a toast. The toast library is a chunk of its own, which the shell's
 * LazyToasts loads after the first paint; a screen asks for it only when it has
 * something to say, so no screen's code carries it.
 */
export function showToast(kind: ToastKind, message: string): void {
  void import('@cc/ui/toast-container').then(
    ({ toast }) => {
      toast[kind](message);
    },
    () => {
      // The toast library could not load (offline, a new deploy): the screen has already moved on.
    },
  );
}
