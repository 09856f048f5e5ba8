import { useEffect, useState } from 'react';

/**
 * False until the browser is first idle after this component mounted (requestIdleCallback,
 * at most `timeoutMs` later; without it, `timeoutMs` later), then true: what only matters
 * once the screen shows (a chunk of code, a library) waits for it instead of competing with
 * the screen's own code and data.
 */
export function useIdle(timeoutMs = 1500): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    const start = () => setIdle(true);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(start, { timeout: timeoutMs });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(start, Math.min(timeoutMs, 200));
    return () => clearTimeout(handle);
  }, [timeoutMs]);
  return isIdle;
}
