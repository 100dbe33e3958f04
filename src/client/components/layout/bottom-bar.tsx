import { Icon } from '#client/components/ui/icon.tsx';
import { NavLink } from 'react-router';
import { cn } from '#client/lib/utils.ts';
import { CartBadge } from './cart-count.tsx';
import { paths } from '#client/paths.ts';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn('flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium', isActive ? 'text-primary' : 'text-muted-foreground');

/** Fixed bottom bar of phones (spec 2.2). */
export function BottomBar({ loggedIn }: { loggedIn: boolean }) {
  return (
    <nav
      aria-label="Быстрая навигация"
      className="fixed inset-x-0 bottom-0 z-40 flex h-16 border-t border-border bg-background pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <NavLink to={paths.home} end className={itemClass}>
        <Icon name="house" className="size-5" />
        Главная
      </NavLink>
      <NavLink to={paths.products} className={itemClass}>
        <Icon name="layout-grid" className="size-5" />
        Товары
      </NavLink>
      <NavLink to={paths.cart} className={itemClass}>
        <span className="relative">
          <Icon name="shopping-cart" className="size-5" />
          <CartBadge />
        </span>
        Корзина
      </NavLink>
      <NavLink to={loggedIn ? paths.profile : paths.auth} className={itemClass}>
        <Icon name="user" className="size-5" />
        {loggedIn ? 'Профиль' : 'Войти'}
      </NavLink>
      <NavLink to={paths.publications} className={itemClass}>
        <Icon name="newspaper" className="size-5" />
        Новости
      </NavLink>
    </nav>
  );
}
