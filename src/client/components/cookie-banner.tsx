import { Cookie } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import {
  disableAnalytics,
  loadConsent,
  saveConsent,
  setConsentBannerOpen,
  startAnalytics,
  trackPageView,
  useConsent,
} from '#client/lib/analytics.ts';
import type { SeoSettings } from '#shared/schemas/settings.ts';
import { paths } from '#client/paths.ts';

/** Names of the counters configured in the SEO settings, for the banner's text. */
const counterNames = (seo: SeoSettings) =>
  [seo.yandexMetrikaId ? 'Яндекс Метрика' : null, seo.googleAnalyticsId ? 'Google Analytics' : null].filter(Boolean).join(' и ');

/**
 * Consent to analytics cookies. Shown only when a counter is configured and the visitor has not
 * decided within the last year; 'Принять' loads the counters, 'Отклонить' loads nothing. Also
 * reports client-side navigations to the counters once they run.
 */
export function CookieBanner({ seo }: { seo: SeoSettings }) {
  const consent = useConsent();
  const hasCounters = Boolean(seo.googleAnalyticsId || seo.yandexMetrikaId);
  const open = hasCounters && consent === 'ask';

  useEffect(() => loadConsent(), []);

  const location = useLocation();
  // Again on every navigation: counters that would not start on an address with a secret (a
  // password-reset link) start on the next page.
  useEffect(() => {
    if (consent === 'unknown') return;
    if (consent === 'accepted' && hasCounters) startAnalytics(seo);
    else if (consent === 'declined' || !hasCounters) disableAnalytics();
  }, [consent, hasCounters, seo, location]);

  useEffect(() => {
    setConsentBannerOpen(open);
    return () => setConsentBannerOpen(false);
  }, [open]);

  const previous = useRef<string | null>(null);
  useEffect(() => {
    const url = window.location.href;
    // The first page is counted by the counter's own start.
    if (previous.current !== null && previous.current !== url) trackPageView(url, previous.current);
    previous.current = url;
  }, [location]);

  if (!open) return null;
  return (
    <section
      aria-label="Согласие на использование cookie"
      className="fixed inset-x-0 bottom-16 z-50 border-t border-border bg-background shadow-[0_-4px_16px_rgba(0,0,0,0.08)] md:bottom-0"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:gap-6">
        <div className="flex flex-1 gap-3 text-sm">
          <Cookie className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <p>
            Мы используем cookie: необходимые — для работы корзины и входа, аналитические ({counterNames(seo)}) — только с
            вашего согласия, чтобы понимать, как улучшить сайт. Подробнее — на странице{' '}
            <Link to={paths.cookies} className="font-medium text-primary underline underline-offset-4">
              «Использование файлов cookie»
            </Link>
            .
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" className="flex-1 md:flex-none" onClick={() => saveConsent('declined')}>
            Отклонить
          </Button>
          <Button className="flex-1 md:flex-none" onClick={() => saveConsent('accepted')}>
            Принять
          </Button>
        </div>
      </div>
    </section>
  );
}
