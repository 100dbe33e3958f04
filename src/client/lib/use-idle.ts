import { useEffect, useState } from 'react';

const IDLE_AT_THE_LATEST_MS = 1500;

/**
 * False on the server and at hydration, true once the browser is idle after it (1.5 s at the
 * latest): parts nobody needs in the first second load then, in a task of their own,
 * not inside hydration's last one.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, IDLE_AT_THE_LATEST_MS));
    const handle = whenIdle(() => setIdle(true), { timeout: IDLE_AT_THE_LATEST_MS });
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  }, []);
  return idle;
}
