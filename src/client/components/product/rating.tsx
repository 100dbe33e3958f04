import { Star } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import { pluralRu } from '#shared/plural.ts';

const one = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const reviewsText = (n: number) => `${n} ${pluralRu(n, 'отзыв', 'отзыва', 'отзывов')}`;

/** The product's own rating and number of reviews; nothing at all without reviews (decisions.md). */
export function Rating({ rating, reviewCount, className }: { rating: number; reviewCount: number; className?: string }) {
  if (reviewCount <= 0) return null;
  const value = Math.max(0, Math.min(5, rating));
  return (
    <div className={cn('flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm', className)}>
      <span className="flex" role="img" aria-label={`Рейтинг ${one.format(value)} из 5`}>
        {[1, 2, 3, 4, 5].map((i) => (
          <Star
            key={i}
            aria-hidden
            className={cn('size-4', value >= i - 0.25 ? 'fill-amber-400 text-amber-400' : value >= i - 0.75 ? 'fill-amber-200 text-amber-400' : 'text-zinc-300')}
          />
        ))}
      </span>
      <span className="font-medium tabular-nums">{one.format(value)}</span>
      <span className="whitespace-nowrap text-muted-foreground">({reviewsText(reviewCount)})</span>
    </div>
  );
}
