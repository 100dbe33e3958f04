import { paths } from '#client/paths.ts';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { RenderFn } from '#shared/ssr-contract.ts';
import { bindFetch } from './lib/api.ts';
import { CITY_QUERY_KEY } from './lib/branches.ts';
import { createQueryClient } from './lib/query-client.ts';
import { publicSettingsQuery } from './lib/settings.ts';
import { renderHeadTags, resolveHead } from './lib/head.ts';
import type { MetaFn } from './lib/page.ts';
import { createRoutes } from './routes.tsx';

/** Renders one page with its data: loaders fill the QueryClient, which travels to the browser. */
export const render: RenderFn = async ({ url, fetch, publicUrl, nonce, city }) => {
  const queryClient = createQueryClient();
  bindFetch(queryClient, fetch);
  queryClient.setQueryData(CITY_QUERY_KEY, city);
  const routes = createRoutes(queryClient);
  const handler = createStaticHandler(routes);
  const fullUrl = new URL(url, publicUrl);
  const context = await handler.query(new Request(fullUrl));
  if (context instanceof Response) {
    return { type: 'redirect', status: context.status, location: context.headers.get('location') ?? paths.home };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} nonce={nonce} />
      </QueryClientProvider>
    </StrictMode>,
  );

  const settings = await queryClient.ensureQueryData(publicSettingsQuery());
  const match = [...context.matches].reverse().find((m) => (m.route.handle as { meta?: MetaFn } | undefined)?.meta);
  const meta = match ? (match.route.handle as { meta: MetaFn }).meta({ params: match.params, queryClient, settings, url: fullUrl }) : {};
  const head = renderHeadTags(resolveHead(meta, settings, publicUrl, fullUrl.pathname), settings.shop.shopName);

  return {
    type: 'page',
    status: context.statusCode,
    head,
    html,
    state: JSON.stringify(dehydrate(queryClient)),
  };
};
