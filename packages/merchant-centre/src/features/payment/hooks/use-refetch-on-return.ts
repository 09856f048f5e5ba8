import { useEffect, useRef } from 'react';

const MIN_GAP_MS = 1000;

/**
 * Calls `refetch` when the merchant comes back to this tab (it becomes visible or
 * the window regains focus), e.g. after paying in the checkout tab. Focus and
 * visibility usually change together: one refetch per return.
 */
export function useRefetchOnReturn(refetch: () => void) {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    let last = 0;
    function onReturn() {
      if (document.visibilityState !== 'visible') return;
      const now = Date.now();
      if (now - last < MIN_GAP_MS) return;
      last = now;
      latest.current();
    }
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, []);
}
