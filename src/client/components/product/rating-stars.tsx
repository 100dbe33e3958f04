import { Icon } from '#client/components/ui/icon.tsx';
import { cn } from '#client/lib/utils.ts';

const FIVE = [1, 2, 3, 4, 5];

/** «4,5»: a rating as Russians write it, always with one decimal. */
export const formatRating = (value: number) => value.toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Five stars filled up to the rating (a fraction fills part of a star). The picture is
 * decorative; the label says the rating in words.
 */
export function RatingStars({ value, className }: { value: number; className?: string }) {
  const filled = `${Math.max(0, Math.min(5, value)) * 20}%`;
  return (
    <span role="img" aria-label={`Оценка ${formatRating(value)} из 5`} className={cn('relative inline-flex shrink-0', className)}>
      <span className="flex text-muted-foreground/40">
        {FIVE.map((n) => (
          <Icon key={n} name="star-filled" className="size-[1em]" />
        ))}
      </span>
      <span className="absolute inset-y-0 left-0 flex overflow-hidden text-amber-500" style={{ width: filled }}>
        {FIVE.map((n) => (
          <Icon key={n} name="star-filled" className="size-[1em] shrink-0" />
        ))}
      </span>
    </span>
  );
}
