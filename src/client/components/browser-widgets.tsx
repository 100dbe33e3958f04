import { lazy, Suspense } from 'react';
import { useIdle } from '#client/lib/use-idle.ts';
import type { SeoSettings } from '#shared/schemas/settings.ts';

const InstallBanner = lazy(() => import('./install-banner.tsx').then((m) => ({ default: m.InstallBanner })));
const CookieBanner = lazy(() => import('./cookie-banner.tsx').then((m) => ({ default: m.CookieBanner })));

/**
 * Widgets that depend on the browser alone (stored consent, install prompt): never part of the
 * server's HTML, so their code loads once the browser is idle after hydration instead of with the
 * first page.
 */
export function BrowserWidgets({ shortName, seo }: { shortName: string; seo: SeoSettings }) {
  if (!useIdle()) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner shortName={shortName} />
      <CookieBanner seo={seo} />
    </Suspense>
  );
}
