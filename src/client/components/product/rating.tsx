import { Icon } from '#client/components/ui/icon.tsx';
import { cn } from '#client/lib/utils.ts';
import { pluralRu } from '#shared/plural.ts';

const one = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const reviewsText = (n: number) => `${n} ${pluralRu(n, 'отзыв', 'отзыва', 'отзывов')}`;

/** One star: filled, light inside an amber outline, or a grey outline. */
function RatingStar({ fill }: { fill: 'full' | 'half' | 'empty' }) {
  if (fill === 'full') return <Icon name="star-filled" className="size-4 text-amber-400" />;
  if (fill === 'empty') return <Icon name="star" className="size-4 text-zinc-300" />;
  return (
    <span className="relative size-4">
      <Icon name="star-filled" className="size-4 text-amber-200" />
      <Icon name="star" className="absolute inset-0 size-4 text-amber-400" />
    </span>
  );
}

/** The product's own rating and number of reviews; nothing at all without reviews (decisions.md). */
export function Rating({ rating, reviewCount, className }: { rating: number; reviewCount: number; className?: string }) {
  if (reviewCount <= 0) return null;
  const value = Math.max(0, Math.min(5, rating));
  return (
    <div className={cn('flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm', className)}>
      <span className="flex" role="img" aria-label={`Рейтинг ${one.format(value)} из 5`}>
        {[1, 2, 3, 4, 5].map((i) => (
          <RatingStar key={i} fill={value >= i - 0.25 ? 'full' : value >= i - 0.75 ? 'half' : 'empty'} />
        ))}
      </span>
      <span className="font-medium tabular-nums">{one.format(value)}</span>
      <span className="whitespace-nowrap text-muted-foreground">({reviewsText(reviewCount)})</span>
    </div>
  );
}
