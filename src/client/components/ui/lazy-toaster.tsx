import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentToast } from './toast-store.ts';

const Toaster = lazy(() => import('./toast.tsx').then((m) => ({ default: m.Toaster })));

/**
 * The toast region without its weight on the first load: the Radix UI arrives when the browser
 * is idle after hydration, or at once when a toast is shown before that.
 */
export function LazyToaster() {
  const current = useCurrentToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const handle = whenIdle(() => setIdle(true));
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  }, []);
  if (!idle && !current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
