/** The kinds of toast a screen shows. */
export type ToastKind = 'success' | 'error' | 'info';

let areWanted = false;
const listeners = new Set<() => void>();

/** Whether any screen has shown a toast yet (the shell's LazyToasts mounts the container from then on). */
export function toastsWanted(): boolean {
  return areWanted;
}

/** Calls `listener` when the first toast is asked for; answers the unsubscribe. */
export function subscribeToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows a toast. The toast library is a chunk of its own, which nothing loads until
 * there is something to say: this asks the shell's LazyToasts to mount the container,
 * and the library keeps the toast until the container is there.
 */
export function showToast(kind: ToastKind, message: string): void {
  if (!areWanted) {
    areWanted = true;
    for (const listener of listeners) listener();
  }
  void import('@cc/ui/toast-container').then(
    ({ toast }) => {
      toast[kind](message);
    },
    () => {
      // The toast library could not load (offline, a new deploy): the screen has already moved on.
    },
  );
}
