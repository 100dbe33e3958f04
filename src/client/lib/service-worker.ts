/** How long after the page's load the worker is registered: never in the way of the first paint. */
const REGISTER_DELAY_MS = 2000;

/**
 * Registers public/sw.js a little after the page has loaded and the browser is idle (production
 * builds only: in development the worker would cache Vite's modules). Installing a worker while
 * the first screen is still being drawn held the first paint back by a second on a slow phone
 * (Lighthouse trace), hence the delay. Then tells the worker which build files this page loaded
 * before it was in control, so the app shell works offline from the first visit.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const ready = await navigator.serviceWorker.ready;
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.startsWith(`${window.location.origin}/assets/`));
      ready.active?.postMessage({ type: 'cache-assets', urls });
    } catch {
      // No worker (private mode, blocked by the browser): the shop works without it.
    }
  };
  const schedule = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => void register(), { timeout: 5000 });
      else void register();
    }, REGISTER_DELAY_MS);
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
