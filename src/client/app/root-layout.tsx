import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate, type LoaderFunction } from 'react-router';
import { BottomBar } from '#client/components/layout/bottom-bar.tsx';
import { Footer } from '#client/components/layout/footer.tsx';
import { Header } from '#client/components/layout/header.tsx';
import { Toaster, toast } from '#client/components/ui/toast.tsx';
import { buildLabel } from '#client/lib/build-info.ts';
import { useCartCount } from '#client/lib/cart.ts';
import { categoriesQuery } from '#client/lib/queries/categories.ts';
import { sessionQuery, useLogout } from '#client/lib/queries/session.ts';
import { publicSettingsQuery } from '#client/lib/queries/settings.ts';
import { footerLinks } from '#client/paths.ts';
import { DocumentHead } from './document-head.tsx';

/** The shell's data: session, shop settings and categories, fetched once for every page. */
export const rootLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await Promise.all([
      queryClient.ensureQueryData(sessionQuery()),
      queryClient.ensureQueryData(publicSettingsQuery()),
      queryClient.ensureQueryData(categoriesQuery()),
    ]);
    return null;
  };

/** Logout from the header and the mobile menu: toast and back to the home page (spec 2.2, 8). */
function useLogoutAction() {
  const navigate = useNavigate();
  const logout = useLogout({
    onSuccess: () => {
      toast({ title: 'Выход выполнен', description: 'До свидания!' });
      navigate('/');
    },
    onError: (error) => toast({ title: 'Ошибка выхода', description: error.message, variant: 'destructive' }),
  });
  return { isPending: logout.isPending, mutate: () => logout.mutate() };
}

export function RootLayout() {
  const { data: user } = useSuspenseQuery(sessionQuery());
  const { data: settings } = useSuspenseQuery(publicSettingsQuery());
  const { data: categories } = useSuspenseQuery(categoriesQuery());
  const logout = useLogoutAction();
  const cartCount = useCartCount();

  useEffect(() => console.info(`${settings.shop.shopName} ${buildLabel}`), [settings.shop.shopName]);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2">
        Перейти к содержимому
      </a>
      <DocumentHead settings={settings} />
      <Header
        shop={settings.shop}
        user={user}
        categories={categories}
        cartCount={cartCount}
        onLogout={() => logout.mutate()}
        logoutPending={logout.isPending}
      />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer shop={settings.shop} categories={categories} links={footerLinks} versionLabel={buildLabel} />
      <BottomBar cartCount={cartCount} loggedIn={Boolean(user)} />
      <Toaster />
    </div>
  );
}
