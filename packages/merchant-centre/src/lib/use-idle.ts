import { useEffect, useState } from 'react';

/**
 * False until the screen this component is on has been painted and the browser is then idle
 * (requestIdleCallback, at most `timeoutMs` later; without it, `timeoutMs` later), then true:
 * what only matters once the screen shows (a chunk of code, a library, the cards' counts)
 * waits for it instead of competing with the screen's own code and data, and starts after
 * the screen is on the display, not while its frame is still on the way there.
 */
export function useIdle(timeoutMs = 1500): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    const start = () => setIdle(true);
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        const handle = requestIdleCallback(start, { timeout: timeoutMs });
        cancel = () => cancelIdleCallback(handle);
      } else {
        const handle = setTimeout(start, Math.min(timeoutMs, 200));
        cancel = () => clearTimeout(handle);
      }
    };
    if (typeof requestAnimationFrame !== 'function') {
      whenIdle();
      return () => cancel();
    }
    // The frame with this render is painted before the first animation frame's callbacks come back
    // round; the second one runs as the frame after it starts, once the first has been presented.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(whenIdle);
    });
    cancel = () => cancelAnimationFrame(frame);
    return () => cancel();
  }, [timeoutMs]);
  return isIdle;
}
