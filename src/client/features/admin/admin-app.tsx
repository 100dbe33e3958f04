import { useQuery } from '@tanstack/react-query';
import {
  FolderTree,
  LayoutDashboard,
  Package,
  Settings,
  ShoppingBag,
  Store,
  Upload,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { FullScreenSpinner } from '#client/components/ui/full-screen-spinner.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Toaster } from '#client/components/ui/toast.tsx';
import { sessionQuery } from '#client/lib/queries/session.ts';
import { cn } from '#client/lib/utils.ts';
import { isStaff, type Role } from '#shared/constants.ts';

type AdminScreen = {
  /** Path under /admin ('' is the dashboard). */
  path: string;
  label?: string;
  icon?: LucideIcon;
  roles: readonly Role[];
  Page: LazyExoticComponent<ComponentType>;
};

const STAFF: readonly Role[] = ['admin', 'manager'];
const ADMIN_ONLY: readonly Role[] = ['admin'];

/**
 * The back office's screens: each a lazy chunk, listed once for the sidebar and the routes.
 * Managers see the catalogue and orders; customers and settings are for administrators
 * (decisions.md). The API checks the same roles again.
 */
const SCREENS: AdminScreen[] = [
  { path: '', label: 'Обзор', icon: LayoutDashboard, roles: STAFF, Page: lazy(() => import('./dashboard/dashboard-page.tsx')) },
  { path: 'products', label: 'Товары', icon: Package, roles: STAFF, Page: lazy(() => import('./products/products-page.tsx')) },
  { path: 'products/create', roles: STAFF, Page: lazy(() => import('./products/product-form-page.tsx')) },
  { path: 'products/new', roles: STAFF, Page: lazy(() => import('./products/product-form-page.tsx')) },
  { path: 'products/edit/:id', roles: STAFF, Page: lazy(() => import('./products/product-form-page.tsx')) },
  { path: 'import', label: 'Импорт', icon: Upload, roles: STAFF, Page: lazy(() => import('./import/import-page.tsx')) },
  { path: 'categories', label: 'Категории', icon: FolderTree, roles: STAFF, Page: lazy(() => import('./categories/categories-page.tsx')) },
  { path: 'orders', label: 'Заказы', icon: ShoppingBag, roles: STAFF, Page: lazy(() => import('./orders/orders-page.tsx')) },
  { path: 'users', label: 'Клиенты', icon: Users, roles: ADMIN_ONLY, Page: lazy(() => import('./users/users-page.tsx')) },
  { path: 'settings', label: 'Настройки', icon: Settings, roles: ADMIN_ONLY, Page: lazy(() => import('./settings/settings-page.tsx')) },
];

function Forbidden() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">Доступ запрещён</h1>
      <p className="text-muted-foreground">Этот раздел доступен только сотрудникам магазина с нужными правами.</p>
      <Button asChild>
        <a href="/">Вернуться в магазин</a>
      </Button>
    </div>
  );
}

function Sidebar({ role }: { role: Role }) {
  const items = SCREENS.filter((s) => s.label && s.roles.includes(role));
  return (
    <nav aria-label="Разделы панели управления" className="flex gap-1 overflow-x-auto p-2 md:flex-col md:overflow-visible md:p-3">
      {items.map(({ path, label, icon: Icon }) => (
        <NavLink
          key={path}
          to={`/admin${path ? `/${path}` : ''}`}
          end={path === ''}
          className={({ isActive }) =>
            cn(
              'flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
              isActive ? 'bg-primary text-primary-foreground' : 'text-zinc-300 hover:bg-zinc-800 hover:text-white',
            )
          }
        >
          {Icon && <Icon className="size-4" aria-hidden />}
          {label}
        </NavLink>
      ))}
      <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm text-zinc-300 hover:bg-zinc-800 hover:text-white md:mt-4">
        <Store className="size-4" aria-hidden />
        Вернуться в магазин
      </Link>
    </nav>
  );
}

/** The back office: a client-only chunk, for staff only (the API checks roles again). */
export function Component() {
  const location = useLocation();
  const session = useQuery(sessionQuery());
  if (session.isPending) return <FullScreenSpinner />;
  const user = session.data;
  if (!user) return <Navigate to={`/auth?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!isStaff(user.role)) {
    return (
      <div className="min-h-screen bg-surface">
        <Forbidden />
      </div>
    );
  }
  return (
    <div className="min-h-screen bg-surface md:flex">
      <aside className="bg-header md:sticky md:top-0 md:h-screen md:w-60 md:shrink-0">
        <div className="hidden px-5 pt-5 pb-2 md:block">
          <p className="text-lg font-bold text-white">Панель управления</p>
          <p className="truncate text-sm text-zinc-400">
            {user.username} · {user.role === 'admin' ? 'Администратор' : 'Менеджер'}
          </p>
        </div>
        <Sidebar role={user.role} />
      </aside>
      <main className="min-w-0 flex-1 p-4 md:p-8">
        <Suspense fallback={<Spinner size="lg" className="mx-auto mt-24 flex" />}>
          <Routes>
            {SCREENS.map(({ path, roles, Page }) => (
              <Route key={path || 'dashboard'} path={path || undefined} index={path === ''} element={roles.includes(user.role) ? <Page /> : <Forbidden />} />
            ))}
            <Route path="*" element={<Forbidden />} />
          </Routes>
        </Suspense>
      </main>
      <Toaster />
    </div>
  );
}
