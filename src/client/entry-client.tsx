import './lib/content-security-policy.ts';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { createQueryClient } from './lib/query-client.ts';
import { createRoutes } from './routes.tsx';
import { listenForInstallPrompt } from './lib/install-prompt.ts';
import { rememberScrollPositions } from './lib/scroll.ts';
import './styles.css';

declare global {
  interface Window {
    __RQ_STATE__?: unknown;
    __staticRouterHydrationData?: unknown;
  }
}

/**
 * Resolves once the browser has painted the server's HTML (at once in a hidden tab, which paints
 * nothing): hydration is a long run of small tasks, and on a slow phone Chrome may hold the first
 * paint until they end.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

async function start() {
  listenForInstallPrompt();
  const serverRendered = window.__RQ_STATE__ !== undefined;
  // The page's own chunks are asked for in a task of their own: evaluating the entry's modules and
  // adding a link for each of those chunks were one long task on a slow phone.
  if (serverRendered) await afterFirstPaint();
  const queryClient = createQueryClient();
  if (serverRendered) hydrate(queryClient, window.__RQ_STATE__ as DehydratedState);
  const routes = createRoutes(queryClient);

  // The server rendered the matched lazy routes; load their code before hydrating so the
  // first client render is identical to the server's HTML.
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async (m) => {
      const route = m.route;
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );

  const router = createBrowserRouter(routes, {
    hydrationData: serverRendered ? (window.__staticRouterHydrationData as never) : undefined,
  });
  rememberScrollPositions(router);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (serverRendered) await afterFirstPaint();
  // Hydrating in a transition lets React yield to the browser between components, so a phone
  // stays responsive (no long task) while the server-rendered page comes alive.
  if (serverRendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  // The worker's registration code is not needed for the first paint: fetch it separately.
  void import('./lib/service-worker.ts').then((m) => m.registerServiceWorker());
}

void start();
