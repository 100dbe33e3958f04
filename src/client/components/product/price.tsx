import { cn } from '#client/lib/utils.ts';
import { discountPercent, formatRub, hasPrice } from '#shared/money.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/constants.ts';

/** The price, or 'Цена по запросу' for a price of zero or none; a struck old price when it was higher. */
export function Price({
  price,
  originalPrice,
  size = 'card',
  className,
}: {
  price: number | null;
  originalPrice: number | null;
  size?: 'card' | 'page';
  className?: string;
}) {
  if (!hasPrice(price)) {
    return <p className={cn('font-semibold text-muted-foreground', size === 'page' ? 'text-2xl' : 'text-base', className)}>Цена по запросу</p>;
  }
  const discounted = discountPercent(price, originalPrice) > 0;
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cn('font-bold tabular-nums', size === 'page' ? 'text-3xl' : 'text-lg')}>{formatRub(price)}</span>
      {discounted && (
        <s className={cn('text-muted-foreground tabular-nums', size === 'page' ? 'text-lg' : 'text-sm')} aria-label={`Старая цена ${formatRub(originalPrice!)}`}>
          {formatRub(originalPrice!)}
        </s>
      )}
    </p>
  );
}

export type StockState = 'in-stock' | 'low' | 'out';

/** In stock above 0 (low at 5 or fewer); null or 0 is out of stock (spec 4, decisions.md). */
export function stockState(stock: number | null): StockState {
  if (stock === null || stock <= 0) return 'out';
  return stock <= LOW_STOCK_THRESHOLD ? 'low' : 'in-stock';
}

export function StockStatus({ stock, className }: { stock: number | null; className?: string }) {
  const state = stockState(stock);
  const text = state === 'out' ? 'Нет в наличии' : state === 'low' ? `Мало на складе: ${stock} шт.` : 'В наличии';
  return (
    <p className={cn('flex items-center gap-2 text-sm font-medium', state === 'out' ? 'text-muted-foreground' : state === 'low' ? 'text-warning' : 'text-success', className)}>
      <span aria-hidden className={cn('size-2 rounded-full', state === 'out' ? 'bg-zinc-400' : state === 'low' ? 'bg-warning' : 'bg-success')} />
      {text}
    </p>
  );
}
