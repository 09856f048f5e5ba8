import { useEffect, useState } from 'react';

/** How often the count is read again: under a second, so it never skips a number. */
const TICK_MS = 250;

/**
 * Whole seconds from now until `at` (an ISO 8601 time), 0 once it has passed or when
 * there is none; counts down while the component shows it. The clock is first read when
 * the component mounts: a component counting to a new time is keyed by it.
 */
export function useSecondsUntil(at: string | null): number {
  const target = at === null ? Number.NaN : Date.parse(at);
  const [now, setNow] = useState(() => Date.now());
  const isCounting = !Number.isNaN(target) && now < target;
  useEffect(() => {
    if (!isCounting) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [isCounting]);
  return isCounting ? Math.ceil((target - now) / 1000) : 0;
}
