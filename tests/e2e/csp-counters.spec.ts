import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, test, waitForHydration, withCounterIds } from './fixtures.ts';

/**
 * The counters of Yandex Metrika and Google Analytics under the pages' Content-Security-Policy
 * (docs/decisions/015): they load, run and send their hits after consent. The SEO settings name
 * the counters while this runs, so every page shows the consent banner: a shop-wide spec, split
 * from content-security-policy.spec.ts (playwright.config.ts, docs/decisions/026). No network here: the counters' scripts are
 * stand-ins that do what the real ones do first (read their queued calls, send a page view, load
 * more of themselves), answered locally, as are their hits.
 */

const METRIKA_ID = '56781234';
const GA_ID = 'G-CSPTEST42';

/** Metrika's tag.js: takes `init` from the calls queued on `ym`, sends the page view by fetch and by pixel. */
const METRIKA_STAND_IN = `(() => {
  const init = (window.ym.a || []).find((call) => call[1] === 'init');
  const hit = 'https://mc.yandex.ru/watch/' + init[0] + '?page-url=' + encodeURIComponent(location.href);
  fetch(hit, { method: 'POST', mode: 'no-cors', credentials: 'include', keepalive: true });
  new Image().src = hit + '&pixel=1';
  window.__metrikaRan = String(init[0]);
})();`;

/** gtag.js: takes `config` from the data layer, loads more of itself, which sends the page view. */
const GTAG_STAND_IN = `(() => {
  const config = Array.from(window.dataLayer).map((entry) => Array.from(entry)).find((call) => call[0] === 'config');
  const more = document.createElement('script');
  more.src = 'https://www.googletagmanager.com/gtag/destination?id=' + config[1];
  document.head.appendChild(more);
  window.__gtagRan = config[1];
})();`;
const GTAG_DESTINATION_STAND_IN = `fetch('https://region1.google-analytics.com/g/collect?v=2&en=page_view&tid=' + new URL(document.currentScript.src).searchParams.get('id') + '&dl=' + encodeURIComponent(location.href), { method: 'POST', mode: 'no-cors', keepalive: true });`;

/** Serves the stand-ins and answers the hits; returns the hits as they arrive. */
async function standInCounters(context: BrowserContext) {
  const hits: Request[] = [];
  const script = (body: string) => ({ contentType: 'text/javascript', body });
  await context.route('https://mc.yandex.ru/metrika/tag.js**', (route) => route.fulfill(script(METRIKA_STAND_IN)));
  await context.route('https://www.googletagmanager.com/gtag/js**', (route) => route.fulfill(script(GTAG_STAND_IN)));
  await context.route('https://www.googletagmanager.com/gtag/destination**', (route) => route.fulfill(script(GTAG_DESTINATION_STAND_IN)));
  for (const hit of ['https://mc.yandex.ru/watch/**', 'https://region1.google-analytics.com/g/collect**']) {
    await context.route(hit, (route) => {
      hits.push(route.request());
      return route.fulfill({ status: 204 });
    });
  }
  return hits;
}

/** Every `securitypolicyviolation` the pages of the context report, as directive and blocked address. */
async function recordViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}


test.describe('the counters after consent', () => {
  withCounterIds({ googleAnalyticsId: GA_ID, yandexMetrikaId: METRIKA_ID });

  test('Yandex Metrika and Google Analytics load, run and send their page views, with no violation', async ({ page, context }) => {
    const hits = await standInCounters(context);
    const violations = await recordViolations(context);
    await page.goto('/about');
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Согласие на использование cookie' });
    await expect(banner).toBeVisible();
    expect(hits).toEqual([]);

    await banner.getByRole('button', { name: 'Принять' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __metrikaRan?: string }).__metrikaRan)).toBe(METRIKA_ID);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __gtagRan?: string }).__gtagRan)).toBe(GA_ID);

    const pageUrl = page.url();
    const sent = () => hits.map((hit) => hit.url());
    // Metrika: the fetch (connect-src) and the pixel (img-src); GA: the collect call of the code gtag.js loaded ('strict-dynamic').
    await expect.poll(() => sent().filter((url) => url.startsWith(`https://mc.yandex.ru/watch/${METRIKA_ID}?page-url=${encodeURIComponent(pageUrl)}`))).toHaveLength(2);
    await expect.poll(() => sent().filter((url) => url.startsWith('https://region1.google-analytics.com/g/collect') && new URL(url).searchParams.get('tid') === GA_ID)).toHaveLength(1);
    expect(new URL(sent().find((url) => url.includes('/g/collect'))!).searchParams.get('dl')).toBe(pageUrl);
    expect(await violations(page)).toEqual([]);
  });
});
