import type { QueryClient } from '@tanstack/react-query';
import { redirect, type RouteObject } from 'react-router';
import type { PageModule } from './lib/page.ts';
import { RootLayout, rootLoader } from './app/root-layout.tsx';
import { RouteError } from './app/route-error.tsx';
import { INFO_PAGE_KEYS, paths } from './paths.ts';

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
      path: '/',
      Component: RootLayout,
      loader: rootLoader(queryClient),
      ErrorBoundary: RouteError,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, lazy: p(() => import('./features/home/home-page.tsx')) },
            { path: 'products', lazy: p(() => import('./features/catalog/products-page.tsx')) },
            { path: 'category/:slug', lazy: p(() => import('./features/catalog/category-page.tsx')) },
            { path: 'product/:slug', lazy: p(() => import('./features/catalog/product-page.tsx')) },
            { path: 'publications', lazy: p(() => import('./features/publications/publications-page.tsx')) },
            { path: 'publication/:id', lazy: p(() => import('./features/publications/publication-page.tsx')) },
            { path: 'about', lazy: p(() => import('./features/pages/about-page.tsx')) },
            { path: 'contacts', lazy: p(() => import('./features/pages/contacts-page.tsx')) },
            { path: 'contact', loader: () => redirect(paths.contacts, 301) },
            ...INFO_PAGE_KEYS.map((path) => ({ path, lazy: p(() => import('./features/pages/info-page.tsx')) })),
            { path: 'sitemap', lazy: p(() => import('./features/pages/sitemap-page.tsx')) },
            { path: 'auth', lazy: p(() => import('./features/auth/auth-page.tsx')) },
            { path: 'password-reset', lazy: p(() => import('./features/auth/password-reset-page.tsx')) },
            { path: 'password-reset/reset', lazy: p(() => import('./features/auth/password-reset-page.tsx')) },
            { path: 'profile', lazy: p(() => import('./features/profile/profile-page.tsx')) },
            { path: 'cart', lazy: p(() => import('./features/cart/cart-page.tsx')) },
            { path: 'checkout', lazy: p(() => import('./features/checkout/checkout-page.tsx')) },
            { path: 'order-complete', lazy: p(() => import('./features/orders/order-complete-page.tsx')) },
            { path: 'order-complete/:id', lazy: p(() => import('./features/orders/order-complete-page.tsx')) },
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
    { path: '/admin/*', lazy: p(() => import('./features/admin/admin-app.tsx')) },
  ];
}
