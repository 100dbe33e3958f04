import { useMutation, useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate, type LoaderFunction } from 'react-router';
import { BottomBar } from '#client/components/layout/bottom-bar.tsx';
import { Footer } from '#client/components/layout/footer.tsx';
import { Header } from '#client/components/layout/header.tsx';
import { Toaster, toast } from '#client/components/ui/toast.tsx';
import { apiRequest } from '#client/lib/api.ts';
import { buildLabel } from '#client/lib/build-info.ts';
import { categoriesQuery } from '#client/lib/queries/categories.ts';
import { sessionQuery } from '#client/lib/queries/session.ts';
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

function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest('/api/logout', { method: 'POST' }),
    onSuccess: () => {
      queryClient.setQueryData(sessionQuery().queryKey, null);
      toast({ title: 'Выход выполнен', description: 'До свидания!' });
      navigate('/');
    },
    onError: (error) => toast({ title: 'Ошибка выхода', description: error.message, variant: 'destructive' }),
  });
}

export function RootLayout() {
  const { data: user } = useSuspenseQuery(sessionQuery());
  const { data: settings } = useSuspenseQuery(publicSettingsQuery());
  const { data: categories } = useSuspenseQuery(categoriesQuery());
  const logout = useLogout();
  const cartCount = 0;

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
