import { useEffect, useRef, useState } from 'react';

/**
 * The value, passed on at once when it changes after `ms` milliseconds of quiet, else once it
 * has stopped changing for `ms`: a single change (a switch, a choice) goes through without a
 * pause, and only a burst of changes (arrow keys on a slider, several choices in a row) is
 * held until it ends.
 */
export function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const lastChange = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (Object.is(value, settled)) return undefined;
    const now = performance.now();
    const quiet = now - lastChange.current >= ms;
    lastChange.current = now;
    const timer = setTimeout(() => setSettled(value), quiet ? 0 : ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}
