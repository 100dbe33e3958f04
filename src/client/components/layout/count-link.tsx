import { Link } from 'react-router';
import { Icon } from '#client/components/ui/icon.tsx';
import type { IconName } from '#client/components/ui/icon-names.ts';

/** The number on a header or bottom-bar icon; none at zero. */
export function CartCountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="absolute -top-1.5 -right-1.5 flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-5 font-semibold text-primary-foreground">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** What a list's link is read as, its count included: the header's icons and the burger menu's rows. */
export const countLabel = (label: string, count: number) => `${label}, товаров: ${count}`;

/** An icon link of the header with its count: favourites, comparison, cart. */
export function CountLink({ to, icon, label, count }: { to: string; icon: IconName; label: string; count: number }) {
  return (
    <Link to={to} className="relative flex size-11 items-center justify-center rounded-md hover:bg-muted" aria-label={countLabel(label, count)}>
      <Icon name={icon} className="size-5" />
      <CartCountBadge count={count} />
    </Link>
  );
}
