import { useQuery } from '@tanstack/react-query';
import {
  FileSpreadsheet,
  FolderTree,
  Globe,
  Layers,
  LayoutDashboard,
  ListChecks,
  Package,
  Settings,
  Shuffle,
  ShoppingBag,
  Menu,
  MessageSquareText,
  Store,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { FullScreenSpinner } from '#client/components/ui/full-screen-spinner.tsx';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '#client/components/ui/sheet.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Toaster } from '#client/components/ui/toast.tsx';
import { sessionQuery } from '#client/lib/session.ts';
import { useScrollOnNavigation } from '#client/lib/scroll.ts';
import { cn } from '#client/lib/utils.ts';
import { paths } from '#client/paths.ts';
import { adminPaths, adminRoutes } from '#client/features/admin/paths.ts';
import { ROLE_LABELS, STAFF_ROLES, isStaff, type Role } from '#shared/constants.ts';
import type { PublicUser } from '#shared/types.ts';

type AdminScreen = {
  /** Path under /admin ('' is the dashboard). */
  path: string;
  label?: string;
  icon?: LucideIcon;
  roles: readonly Role[];
  Page: LazyExoticComponent<ComponentType>;
};

const ADMIN_ONLY: readonly Role[] = ['admin'];

/**
 * The back office's screens: each a lazy chunk, listed once for the sidebar and the routes.
 * Managers see the catalogue and orders; customers and settings are for administrators
 * (decisions.md). The API checks the same roles again.
 */
const SCREENS: AdminScreen[] = [
  { path: adminRoutes.dashboard, label: 'Обзор', icon: LayoutDashboard, roles: STAFF_ROLES, Page: lazy(() => import('./dashboard/dashboard-page.tsx')) },
  { path: adminRoutes.products, label: 'Товары', icon: Package, roles: STAFF_ROLES, Page: lazy(() => import('./products/products-page.tsx')) },
  { path: adminRoutes.productCreate, roles: STAFF_ROLES, Page: lazy(() => import('./products/product-form-page.tsx')) },
  { path: adminRoutes.productNew, roles: STAFF_ROLES, Page: lazy(() => import('./products/product-form-page.tsx')) },
  { path: adminRoutes.productEdit, roles: STAFF_ROLES, Page: lazy(() => import('./products/product-form-page.tsx')) },
  { path: adminRoutes.supplierImporter, label: 'Импорт прайс-листов', icon: FileSpreadsheet, roles: STAFF_ROLES, Page: lazy(() => import('./supplier-importer/suppliers-page.tsx')) },
  { path: adminRoutes.supplierImport, roles: STAFF_ROLES, Page: lazy(() => import('./supplier-importer/import-page.tsx')) },
  // A developer's tool (a JSON list of products): linked from the price lists' page, not from the menu.
  { path: adminRoutes.import, roles: STAFF_ROLES, Page: lazy(() => import('./import/import-page.tsx')) },
  { path: adminRoutes.catalogAdapter, label: 'Адаптер каталога', icon: Shuffle, roles: STAFF_ROLES, Page: lazy(() => import('./catalog-adapter/catalog-adapter-page.tsx')) },
  { path: adminRoutes.webScraper, label: 'Товар по ссылке', icon: Globe, roles: STAFF_ROLES, Page: lazy(() => import('./web-scraper/web-scraper-page.tsx')) },
  { path: adminRoutes.massScraper, label: 'Массовая загрузка', icon: Layers, roles: STAFF_ROLES, Page: lazy(() => import('./mass-scraper/mass-scraper-page.tsx')) },
  { path: adminRoutes.categories, label: 'Категории', icon: FolderTree, roles: STAFF_ROLES, Page: lazy(() => import('./categories/categories-page.tsx')) },
  { path: adminRoutes.attributes, label: 'Характеристики', icon: ListChecks, roles: STAFF_ROLES, Page: lazy(() => import('./attributes/attributes-page.tsx')) },
  { path: adminRoutes.orders, label: 'Заказы', icon: ShoppingBag, roles: STAFF_ROLES, Page: lazy(() => import('./orders/orders-page.tsx')) },
  { path: adminRoutes.orderPrint, roles: STAFF_ROLES, Page: lazy(() => import('./orders/order-print-page.tsx')) },
  { path: adminRoutes.reviews, label: 'Отзывы', icon: MessageSquareText, roles: STAFF_ROLES, Page: lazy(() => import('./reviews/reviews-page.tsx')) },
  { path: adminRoutes.users, label: 'Клиенты', icon: Users, roles: ADMIN_ONLY, Page: lazy(() => import('./users/users-page.tsx')) },
  { path: adminRoutes.settings, label: 'Настройки', icon: Settings, roles: ADMIN_ONLY, Page: lazy(() => import('./settings/settings-page.tsx')) },
];

function Forbidden() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">Доступ запрещён</h1>
      <p className="text-muted-foreground">Этот раздел доступен только сотрудникам магазина с нужными правами.</p>
      <Button asChild>
        <a href={paths.home}>Вернуться в магазин</a>
      </Button>
    </div>
  );
}

/** An /admin address that is no screen: said so inside the shell, with the way back to the overview. */
function NotFound() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">Страница не найдена</h1>
      <p className="text-muted-foreground">В панели управления нет такого раздела. Проверьте адрес или выберите раздел в меню.</p>
      <Button asChild>
        <Link to={adminPaths.dashboard}>Перейти к обзору</Link>
      </Button>
    </div>
  );
}

function Sidebar({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const items = SCREENS.filter((s) => s.label && s.roles.includes(role));
  return (
    <nav aria-label="Разделы панели управления" className="flex flex-col gap-1 p-3">
      {items.map(({ path, label, icon: Icon }) => (
        <NavLink
          key={path}
          to={adminPaths.screen(path)}
          end={path === ''}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors md:min-h-10',
              isActive ? 'bg-primary text-primary-foreground' : 'text-zinc-300 hover:bg-zinc-800 hover:text-white',
            )
          }
        >
          {Icon && <Icon className="size-4" aria-hidden />}
          {label}
        </NavLink>
      ))}
      <Link
        to={paths.home}
        onClick={onNavigate}
        className="mt-4 flex min-h-11 items-center gap-3 rounded-md border border-zinc-700 px-3 py-2 text-sm text-zinc-300 hover:bg-zinc-800 hover:text-white md:min-h-10"
      >
        <Store className="size-4" aria-hidden />
        Вернуться в магазин
      </Link>
    </nav>
  );
}

function Brand() {
  return (
    <span className="flex items-center gap-2.5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
        <Wrench className="size-5" aria-hidden />
      </span>
      <span className="leading-tight">
        <span className="block font-bold text-white">Панель управления</span>
        <span className="block text-xs text-zinc-400">интернет-магазин</span>
      </span>
    </span>
  );
}

function UserLine({ user }: { user: PublicUser }) {
  return (
    <p className="truncate text-sm text-zinc-400">
      <span className="font-medium text-zinc-200">{user.username}</span> · {ROLE_LABELS[user.role]}
    </p>
  );
}

/** Phones: a top bar with the section's name and a menu button opening the same sidebar. */
function MobileBar({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const here = location.pathname.replace(/\/$/, '');
  const current = SCREENS.find((s) => s.label && (s.path === adminRoutes.dashboard ? here === adminPaths.dashboard : here.startsWith(adminPaths.screen(s.path))));
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 bg-header px-2 text-white md:hidden print:hidden">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <Button variant="ghost" size="icon" className="text-white hover:bg-zinc-800 hover:text-white" aria-label="Открыть меню панели управления">
            <Menu className="size-6" aria-hidden />
          </Button>
        </SheetTrigger>
        <SheetContent side="left" className="gap-0 border-zinc-800 bg-header text-white [&_[data-slot=dialog-close-button]]:text-zinc-300">
          <div className="border-b border-zinc-800 p-4 pr-14">
            <SheetTitle className="sr-only">Меню панели управления</SheetTitle>
            <Brand />
            <div className="mt-3">
              <UserLine user={user} />
            </div>
          </div>
          <Sidebar role={user.role} onNavigate={() => setOpen(false)} />
        </SheetContent>
      </Sheet>
      <span className="min-w-0 flex-1 truncate font-semibold">{current?.label ?? 'Панель управления'}</span>
      <span className="px-2 text-xs text-zinc-400">{user.username}</span>
    </header>
  );
}

/** The back office: a client-only chunk, for staff only (the API checks roles again). */
export function Component() {
  const location = useLocation();
  // The router's history is the storefront's (entry-client): the same scrolling on navigation.
  useScrollOnNavigation();
  const session = useQuery(sessionQuery());
  if (session.isPending) return <FullScreenSpinner />;
  const user = session.data;
  if (!user) return <Navigate to={paths.authThen(location.pathname + location.search)} replace />;
  if (!isStaff(user.role)) {
    return (
      <div className="min-h-screen bg-surface">
        <Forbidden />
      </div>
    );
  }
  return (
    <div className="min-h-screen bg-surface md:flex">
      <MobileBar user={user} />
      {/* The dark column runs the full height; its content stays in view while the page scrolls. */}
      {/* A printed page (an order's print view) is the page alone, without the menu. */}
      <aside className="hidden bg-header md:block md:w-64 md:shrink-0 print:hidden">
        <div className="sticky top-0 flex max-h-screen flex-col overflow-y-auto">
          <div className="border-b border-zinc-800 px-5 py-5">
            <Brand />
            <div className="mt-3">
              <UserLine user={user} />
            </div>
          </div>
          <Sidebar role={user.role} />
        </div>
      </aside>
      <main className="min-w-0 flex-1 p-4 md:p-8 print:p-0">
        <Suspense fallback={<Spinner size="lg" className="mx-auto mt-24 flex" />}>
          <Routes>
            {SCREENS.map(({ path, roles, Page }) => (
              <Route key={path || 'dashboard'} path={path || undefined} index={path === ''} element={roles.includes(user.role) ? <Page /> : <Forbidden />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </main>
      <Toaster />
    </div>
  );
}
