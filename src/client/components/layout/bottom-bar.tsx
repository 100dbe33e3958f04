import { Home, LayoutGrid, Newspaper, ShoppingCart, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '#client/lib/utils.ts';
import { CartCountBadge } from './header.tsx';
import { paths } from '#client/paths.ts';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn('flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium', isActive ? 'text-primary' : 'text-muted-foreground');

/** Fixed bottom bar of phones (spec 2.2). */
export function BottomBar({ cartCount, loggedIn }: { cartCount: number; loggedIn: boolean }) {
  return (
    <nav
      aria-label="Быстрая навигация"
      className="fixed inset-x-0 bottom-0 z-40 flex h-16 border-t border-border bg-background pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <NavLink to={paths.home} end className={itemClass}>
        <Home className="size-5" aria-hidden />
        Главная
      </NavLink>
      <NavLink to={paths.products} className={itemClass}>
        <LayoutGrid className="size-5" aria-hidden />
        Товары
      </NavLink>
      <NavLink to={paths.cart} className={itemClass}>
        <span className="relative">
          <ShoppingCart className="size-5" aria-hidden />
          <CartCountBadge count={cartCount} />
        </span>
        Корзина
      </NavLink>
      <NavLink to={loggedIn ? paths.profile : paths.auth} className={itemClass}>
        <User className="size-5" aria-hidden />
        {loggedIn ? 'Профиль' : 'Войти'}
      </NavLink>
      <NavLink to={paths.publications} className={itemClass}>
        <Newspaper className="size-5" aria-hidden />
        Новости
      </NavLink>
    </nav>
  );
}
