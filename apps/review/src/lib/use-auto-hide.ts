import { useEffect, useState } from 'react';
import { NOTIFICATION_AUTO_HIDE_MS } from '@cc/config';

/**
 * `value` until NOTIFICATION_AUTO_HIDE_MS after it appeared, then null: the console's
 * error banners hide after 10 s as the merchant centre's error items do. A new value
 * (another object, such as the next failed call's error) shows for as long again.
 */
export function useAutoHide<T extends object>(value: T | null | undefined): T | null {
  const [expired, setExpired] = useState<T | null>(null);
  useEffect(() => {
    if (!value) return;
    const timer = setTimeout(() => setExpired(() => value), NOTIFICATION_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return value && value !== expired ? value : null;
}

/** A screen's message about its last failed call, shown until useAutoHide hides it. */
export function useFailureMessage() {
  const [failure, setFailure] = useState<{ message: string } | null>(null);
  return {
    message: useAutoHide(failure)?.message ?? null,
    show: (message: string) => setFailure({ message }),
    clear: () => setFailure(null),
  };
}
