import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate, type LoaderFunction } from 'react-router';
import { BrowserWidgets } from '#client/components/browser-widgets.tsx';
import { BottomBar } from '#client/components/layout/bottom-bar.tsx';
import { Header, listCounters } from '#client/components/layout/header.tsx';
import { Logo } from '#client/components/layout/logo.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { LazyToaster } from '#client/components/ui/lazy-toaster.tsx';
import { buildLabel } from './build-info.ts';
import { deferHydration, deferredPartsHydrated, hydratedApart } from '#client/lib/deferred-hydration.tsx';
import { useScrollOnNavigation } from '#client/lib/scroll.ts';
import { branchesQuery, useBranches, useCityBranch } from '#client/lib/branches.ts';
import { categoriesQuery } from '#client/lib/categories.ts';
import { sessionQuery, useLogout } from '#client/lib/session.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { footerLinks, paths } from '#client/paths.ts';
import { isStaff } from '#shared/constants.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';
import type { PublicUser } from '#shared/types.ts';
import { DocumentHead } from './document-head.tsx';

/** Below the fold on every page (the five branches, categories, newsletter): its code and hydration come after the rest. */
const footer = deferHydration(() => import('#client/components/layout/footer.tsx').then((m) => m.Footer));

/** The page under the shell hydrates after it, in a pass of its own. */
const PageApart = hydratedApart();

/** Pages a visitor may open while the shop is in maintenance mode: staff log in there. */
const OPEN_DURING_MAINTENANCE: readonly string[] = [paths.auth];

/**
 * The shell's data: session, shop settings, categories, branches and the favourites' and
 * comparison's ids (the header's counters), fetched once for every page. In
 * maintenance mode visitors and customers get the maintenance page with status 503 (the
 * API refuses them the same way); staff see everything.
 */
export const rootLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const [user, settings] = await Promise.all([
      queryClient.ensureQueryData(sessionQuery()),
      queryClient.ensureQueryData(publicSettingsQuery()),
    ]);
    if (settings.shop.maintenanceMode && !isStaff(user?.role)) {
      if (OPEN_DURING_MAINTENANCE.includes(new URL(request.url).pathname)) return null;
      throw new Response(null, { status: 503, statusText: 'Service Unavailable' });
    }
    await Promise.all([
      queryClient.ensureQueryData(categoriesQuery()),
      queryClient.ensureQueryData(branchesQuery()),
      // The favourites' and comparison's ids for the header's counters; their code is not the first load's.
      import('#client/lib/lists.ts').then((m) => queryClient.ensureQueryData(m.listsQuery())),
      footer.preload(),
      listCounters.preload(),
    ]);
    return null;
  };

/** Logout from the header and the mobile menu: toast and back to the home page (spec 2.2, 8). */
function useLogoutAction() {
  const navigate = useNavigate();
  const logout = useLogout({
    onSuccess: () => {
      toast({ title: 'Выход выполнен', description: 'До свидания!' });
      navigate(paths.home);
    },
    onError: (error) => toast({ title: 'Ошибка выхода', description: error.message, variant: 'destructive' }),
  });
  return { isPending: logout.isPending, mutate: () => logout.mutate() };
}

/** While the shop is closed for maintenance: only the login page (for staff), no catalogue. */
function MaintenanceShell({ settings }: { settings: PublicSettings }) {
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <DocumentHead settings={settings} />
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4">
          <Logo name={settings.shop.shopName} />
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <LazyToaster />
    </div>
  );
}

export function RootLayout() {
  const { data: user } = useSuspenseQuery(sessionQuery());
  const { data: settings } = useSuspenseQuery(publicSettingsQuery());

  useEffect(() => console.info(`${settings.shop.shopName} ${buildLabel}`), [settings.shop.shopName]);
  // The server-rendered page hydrates in a transition (entry-client), its deferred parts after it;
  // this marks the whole page interactive.
  useEffect(() => {
    void deferredPartsHydrated().then(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);

  if (settings.shop.maintenanceMode && !isStaff(user?.role)) return <MaintenanceShell settings={settings} />;
  return <StoreShell user={user} settings={settings} />;
}

function StoreShell({ user, settings }: { user: PublicUser | null; settings: PublicSettings }) {
  // Not a suspense query: the shell may appear after the first render (a staff login during maintenance).
  const categories = useQuery(categoriesQuery()).data ?? [];
  const logout = useLogoutAction();
  const branches = useBranches();
  const city = useCityBranch();
  useScrollOnNavigation();

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
        branches={branches}
        city={city}
        onLogout={() => logout.mutate()}
        logoutPending={logout.isPending}
      />
      <main id="main" className="flex-1">
        <PageApart>
          <Outlet />
        </PageApart>
      </main>
      <footer.Component shop={settings.shop} categories={categories} branches={branches} links={footerLinks} versionLabel={buildLabel} />
      <BrowserWidgets shortName={settings.shop.shopName} seo={settings.seo} />
      <BottomBar loggedIn={Boolean(user)} />
      <LazyToaster />
    </div>
  );
}
