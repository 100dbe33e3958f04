import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type createBrowserRouter } from 'react-router';

/**
 * Where each page of this tab's history was left, by history entry: the router records it as a
 * navigation starts, before anything on the screen changes.
 */
const leftAt: Record<string, number> = {};

/**
 * Scrolling is the app's own: the browser, restoring on back and forward by itself, would do it
 * before the page is there. It takes it back while the document is left, so a reload returns to
 * the same place.
 */
export function rememberScrollPositions(router: ReturnType<typeof createBrowserRouter>) {
  router.enableScrollRestoration(leftAt, () => window.scrollY);
  const manual = () => void (history.scrollRestoration = 'manual');
  manual();
  addEventListener('pageshow', manual);
  addEventListener('pagehide', () => void (history.scrollRestoration = 'auto'));
}

/**
 * Once a navigation has rendered: back and forward return where the page was left, a `#hash`
 * brings its element into view (below the sticky header: styles.css), another page opens at its
 * top. A change of the same page's query (filters, sort, tabs) leaves the scroll alone; the first
 * render keeps the browser's own (a reload, a link with a #hash).
 */
export function useScrollOnNavigation() {
  const { key, pathname, hash } = useLocation();
  const type = useNavigationType();
  // Null until the first render: a layout mounted by a navigation (the storefront's, the back office's) shows a new page.
  const shown = useRef<string | null>(null);
  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = pathname;
    const saved = leftAt[key];
    if (type === 'POP') {
      if (saved !== undefined) window.scrollTo(0, saved);
    } else if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else if (pathname !== previous) window.scrollTo(0, 0);
    // Only a new history entry moves the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
