import type { QueryClient } from '@tanstack/react-query';
import { redirect, type RouteObject } from 'react-router';
import type { PageModule } from './lib/page.ts';
import { RootLayout, rootLoader } from './app/root-layout.tsx';
import { RouteError } from './app/route-error.tsx';
import { INFO_PAGE_KEYS, paths, patterns } from './paths.ts';

/** A lazily loaded page: its code, loader and head arrive with the route's chunk. */
const page =
  (queryClient: QueryClient, importer: () => Promise<PageModule>): RouteObject['lazy'] =>
  async () => {
    const mod = await importer();
    return { Component: mod.Component, loader: mod.loader?.(queryClient), handle: { meta: mod.meta } };
  };

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const p = (importer: () => Promise<PageModule>) => page(queryClient, importer);
  return [
    {
      id: 'root',
      path: paths.home,
      Component: RootLayout,
      loader: rootLoader(queryClient),
      ErrorBoundary: RouteError,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, lazy: p(() => import('./features/home/home-page.tsx')) },
            { path: paths.products, lazy: p(() => import('./features/catalog/products-page.tsx')) },
            { path: patterns.category, lazy: p(() => import('./features/catalog/category-page.tsx')) },
            { path: patterns.product, lazy: p(() => import('./features/catalog/product-page.tsx')) },
            { path: paths.publications, lazy: p(() => import('./features/publications/publications-page.tsx')) },
            { path: patterns.publication, lazy: p(() => import('./features/publications/publication-page.tsx')) },
            { path: paths.about, lazy: p(() => import('./features/pages/about-page.tsx')) },
            { path: paths.contacts, lazy: p(() => import('./features/pages/contacts-page.tsx')) },
            { path: paths.contactLegacy, loader: () => redirect(paths.contacts, 301) },
            ...INFO_PAGE_KEYS.map((key) => ({ path: paths[key], lazy: p(() => import('./features/pages/info-page.tsx')) })),
            { path: paths.sitemap, lazy: p(() => import('./features/pages/sitemap-page.tsx')) },
            { path: paths.auth, lazy: p(() => import('./features/auth/auth-page.tsx')) },
            { path: paths.passwordReset, lazy: p(() => import('./features/auth/password-reset-page.tsx')) },
            { path: paths.passwordResetForm, lazy: p(() => import('./features/auth/password-reset-page.tsx')) },
            { path: paths.profile, lazy: p(() => import('./features/profile/profile-page.tsx')) },
            { path: paths.favorites, lazy: p(() => import('./features/lists/favorites-page.tsx')) },
            { path: paths.compare, lazy: p(() => import('./features/lists/compare-page.tsx')) },
            { path: paths.cart, lazy: p(() => import('./features/cart/cart-page.tsx')) },
            { path: paths.orderBySku, lazy: p(() => import('./features/order-by-sku/order-by-sku-page.tsx')) },
            { path: paths.checkout, lazy: p(() => import('./features/checkout/checkout-page.tsx')) },
            { path: patterns.orderCompleteWithoutId, lazy: p(() => import('./features/orders/order-complete-page.tsx')) },
            { path: patterns.orderComplete, lazy: p(() => import('./features/orders/order-complete-page.tsx')) },
            {
              path: '*',
              handle: { meta: () => ({ title: 'Страница не найдена', noindex: true }) },
              loader: () => {
                throw new Response(null, { status: 404, statusText: 'Not Found' });
              },
              // Never rendered (the loader always throws to the error boundary); keeps the route a leaf.
              Component: RouteError,
            },
          ],
        },
      ],
    },
    { path: patterns.admin, lazy: p(() => import('./features/admin/admin-app.tsx')) },
  ];
}
