import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { SeoSettings } from '#shared/schemas/settings.ts';

const InstallBanner = lazy(() => import('./install-banner.tsx').then((m) => ({ default: m.InstallBanner })));
const CookieBanner = lazy(() => import('./cookie-banner.tsx').then((m) => ({ default: m.CookieBanner })));

const noopSubscribe = () => () => {};

/**
 * Widgets that depend on the browser alone (stored consent, install prompt): never part of the
 * server's HTML, so their code loads after hydration instead of with the first page.
 */
export function BrowserWidgets({ shortName, seo }: { shortName: string; seo: SeoSettings }) {
  const hydrated = useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner shortName={shortName} />
      <CookieBanner seo={seo} />
    </Suspense>
  );
}
