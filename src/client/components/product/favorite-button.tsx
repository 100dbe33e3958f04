import { Icon } from '#client/components/ui/icon.tsx';
import { useFavorite } from './favorites.ts';
import { cn } from '#client/lib/utils.ts';

/** The heart: remembered in this browser, so it survives navigation and reloads. */
export function FavoriteButton({ productId, className, size = 'card' }: { productId: number; className?: string; size?: 'card' | 'page' }) {
  const [favorite, toggle] = useFavorite(productId);
  return (
    <button
      type="button"
      onClick={(event) => {
        event.preventDefault();
        toggle();
      }}
      aria-pressed={favorite}
      aria-label={favorite ? 'Убрать из избранного' : 'Добавить в избранное'}
      title={favorite ? 'В избранном' : 'В избранное'}
      className={cn(
        'inline-flex items-center justify-center rounded-full border border-border bg-background/90 text-muted-foreground shadow-xs transition hover:text-primary focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none',
        size === 'page' ? 'size-12' : 'size-10',
        favorite && 'border-primary/40 text-primary',
        className,
      )}
    >
      <Icon name={favorite ? 'heart-filled' : 'heart'} className={size === 'page' ? 'size-6' : 'size-5'} />
    </button>
  );
}
