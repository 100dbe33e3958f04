import { Icon } from '#client/components/ui/icon.tsx';
import { cn } from '#client/lib/utils.ts';
import { ListToggleForm } from './list-toggle-form.tsx';

/** A round icon button of a card or the product page (the heart, «Сравнить»). */
export const roundButtonClass = (size: 'card' | 'page', pressed: boolean) =>
  cn(
    'inline-flex items-center justify-center rounded-full border border-border bg-background/90 text-muted-foreground shadow-xs transition hover:text-primary focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none',
    size === 'page' ? 'size-12' : 'size-10',
    pressed && 'border-primary/40 text-primary',
  );

/** The heart: the product in the favourites (kept on the server, issue 26). */
export function FavoriteButton({ productId, className, size = 'card' }: { productId: number; className?: string; size?: 'card' | 'page' }) {
  return (
    <ListToggleForm kind="favorites" productId={productId} className={className}>
      {(favorite) => (
        <button
          type="submit"
          aria-pressed={favorite}
          aria-label={favorite ? 'Убрать из избранного' : 'Добавить в избранное'}
          title={favorite ? 'В избранном' : 'В избранное'}
          className={roundButtonClass(size, favorite)}
        >
          <Icon name={favorite ? 'heart-filled' : 'heart'} className={size === 'page' ? 'size-6' : 'size-5'} />
        </button>
      )}
    </ListToggleForm>
  );
}
