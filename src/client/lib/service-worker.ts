/**
 * Registers public/sw.js once the page has loaded (production builds only: in development the
 * worker would cache Vite's modules). Then tells the worker which build files this page loaded
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
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
