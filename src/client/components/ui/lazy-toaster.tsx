import { lazy, Suspense } from 'react';
import { useIdle } from '#client/lib/use-idle.ts';
import { useCurrentToast } from './toast-store.ts';

const Toaster = lazy(() => import('./toast.tsx').then((m) => ({ default: m.Toaster })));

/**
 * The toast region without its weight on the first load: the Radix UI arrives when the browser
 * is idle after hydration, or at once when a toast is shown before that.
 */
export function LazyToaster() {
  const current = useCurrentToast();
  const idle = useIdle();
  if (!idle && !current) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
