import { Icon } from '#client/components/ui/icon.tsx';
import { cn } from '#client/lib/utils.ts';
import { roundButtonClass } from './favorite-button.tsx';
import { ListToggleForm } from './list-toggle-form.tsx';

/**
 * «Сравнить»: the product in the comparison. On a card a round icon under the heart; on the
 * product page a button with its label.
 */
export function CompareButton({ productId, className, size = 'card' }: { productId: number; className?: string; size?: 'card' | 'page' }) {
  return (
    <ListToggleForm kind="compare" productId={productId} className={className}>
      {(compared) => (
        <button
          type="submit"
          aria-pressed={compared}
          // The page's button says it in words; the card's round one only by its name.
          aria-label={size === 'card' ? (compared ? 'Убрать из сравнения' : 'Сравнить') : undefined}
          title={compared ? 'В сравнении' : 'Сравнить'}
          className={cn(roundButtonClass(size, compared), size === 'page' && 'w-auto gap-2 px-4 text-sm font-medium')}
        >
          <Icon name="chart-column" className="size-5" />
          {size === 'page' && (compared ? 'В сравнении' : 'Сравнить')}
        </button>
      )}
    </ListToggleForm>
  );
}
