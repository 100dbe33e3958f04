import { paths } from '#client/paths.ts';
import { Icon } from '#client/components/ui/icon.tsx';
import { Link, NavLink } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { deferHydration } from '#client/lib/deferred-hydration.tsx';
import { cn, telHref } from '#client/lib/utils.ts';
import { isStaff } from '#shared/constants.ts';
import { formatPhone } from '#shared/phone.ts';
import { CityPicker } from './city-picker.tsx';
import { CartLink } from './cart-count.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { ProductsMenu } from './products-menu.tsx';
import { SearchForm } from './search-form.tsx';
import type { ShellProps } from './types.ts';


const navClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted', isActive ? 'text-primary' : 'text-foreground');

/** The favourites' and comparison's counters: server-rendered, their code after the first load (the root loader preloads it). */
export const listCounters = deferHydration(() => import('./list-counters.tsx').then((m) => m.ListCounters));

export function Header(props: ShellProps) {
  const { shop, user, categories, branches, city, onLogout, logoutPending } = props;
  // The chosen city's branch answers the phone and keeps its own hours (the head office's until a city is chosen).
  const phone = city?.phone ?? shop.contactPhone;
  return (
    <header className="sticky top-0 z-40 bg-background shadow-sm">
      <div className="bg-header text-header-muted">
        <div className="mx-auto flex h-9 max-w-7xl items-center justify-between gap-4 px-4 text-xs sm:text-sm">
          <a href={telHref(phone)} className="flex shrink-0 items-center gap-1.5 font-medium text-header-foreground hover:underline">
            <Icon name="phone" className="size-3.5" />
            {formatPhone(phone)}
          </a>
          <div className="flex min-w-0 items-center gap-4">
            <span className="hidden truncate lg:inline" data-testid="header-hours">
              {city?.workingHours ?? shop.workingHours}
            </span>
            <CityPicker branches={branches} city={city} />
          </div>
        </div>
      </div>

      <div className="border-b border-border">
        {/* On a phone the search takes a row of its own under the logo: for a tools shop it is the main way in. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 pt-2.5 pb-3 md:h-16 md:flex-nowrap md:gap-6 md:py-0">
          <MobileMenu {...props} />
          <Logo name={shop.shopName} />
          <SearchForm id="header-search" className="order-last w-full md:order-none md:w-auto md:flex-1" />
          <div className="ml-auto flex items-center md:ml-0 md:gap-1">
            <listCounters.Component />
            <CartLink />
            {user ? (
              <div className="hidden items-center gap-1 md:flex">
                <Button asChild variant="ghost" size="sm">
                  <Link to={paths.profile}>
                    <Icon name="user" />
                    <span className="max-w-32 truncate">{user.username}</span>
                  </Link>
                </Button>
                <Button variant="ghost" size="sm" onClick={onLogout} disabled={logoutPending}>
                  <Icon name="log-out" />
                  {logoutPending ? 'Выход...' : 'Выйти'}
                </Button>
              </div>
            ) : (
              <Button asChild variant="outline" size="sm" className="hidden md:inline-flex">
                <Link to={paths.auth}>
                  <Icon name="user" />
                  Войти
                </Link>
              </Button>
            )}
          </div>
        </div>
      </div>

      <nav aria-label="Основная навигация" className="hidden border-b border-border md:block">
        <div className="mx-auto flex h-11 max-w-7xl items-center gap-1 px-4">
          <NavLink to={paths.home} end className={navClass}>
            Главная
          </NavLink>
          <ProductsMenu categories={categories} />
          <NavLink to={paths.contacts} className={navClass}>
            Контакты
          </NavLink>
          <NavLink to={paths.about} className={navClass}>
            О компании
          </NavLink>
          <NavLink to={paths.publications} className={navClass}>
            Публикации
          </NavLink>
          <NavLink to={paths.orderBySku} className={navClass}>
            Заказ по артикулам
          </NavLink>
          {isStaff(user?.role) && (
            <NavLink to={paths.admin} className={cn(navClass({ isActive: false }), 'ml-auto flex items-center gap-1.5')}>
              <Icon name="shield-check" className="size-4" />
              Админ-панель
            </NavLink>
          )}
        </div>
      </nav>
    </header>
  );
}
