import { useSuspenseQuery } from '@tanstack/react-query';
import { cn } from '#client/lib/utils.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { discountPercent, formatRub, hasPrice } from '#shared/money.ts';
import { useCityBranch } from '#client/lib/branches.ts';
import { useMyPrice, type MyPrice } from '#client/lib/my-prices.ts';
import { availabilityIn } from '#shared/availability.ts';
import type { BranchStock } from '#shared/schemas/branches.ts';

/** The VAT rate the cart adds to catalogue prices; null when they include it or there is none («Цены в каталоге»). */
export function useVatAdded(): number | null {
  const { shop } = useSuspenseQuery(publicSettingsQuery()).data;
  return shop.catalogPrices === 'without_vat' && shop.vatRate > 0 ? shop.vatRate : null;
}

/** «Ваша цена» and the customer's price, with the retail price under it. */
function PersonalPrice({ mine, size, vatRate, className }: { mine: MyPrice; size: 'card' | 'page'; vatRate: number | null; className?: string }) {
  return (
    <div className="grid gap-0.5" data-testid="my-price">
      <p className="text-xs font-semibold text-primary">Ваша цена</p>
      <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
        <span className={cn('font-bold tabular-nums', size === 'page' ? 'text-3xl' : 'text-lg')}>{formatRub(mine.price)}</span>
        {vatRate !== null && <span className="text-xs text-muted-foreground">без НДС</span>}
      </p>
      <p className={cn('text-muted-foreground', size === 'page' ? 'text-sm' : 'text-xs')}>
        Розничная цена: <span className="tabular-nums">{formatRub(mine.retailPrice)}</span>
      </p>
    </div>
  );
}

/**
 * The price, or 'Цена по запросу' for a price of zero or none; a struck old price when it was
 * higher. A price the cart adds VAT to says «без НДС». With `productId`, a signed-in customer of a
 * group sees «Ваша цена» instead, once their prices have come (useMyPrice).
 */
export function Price({
  price,
  originalPrice,
  productId,
  size = 'card',
  className,
}: {
  price: number | null;
  originalPrice: number | null;
  productId?: number;
  size?: 'card' | 'page';
  className?: string;
}) {
  const vatRate = useVatAdded();
  const mine = useMyPrice(productId);
  if (mine && hasPrice(price)) return <PersonalPrice mine={mine} size={size} vatRate={vatRate} className={className} />;
  if (!hasPrice(price)) {
    return <p className={cn('font-semibold text-muted-foreground', size === 'page' ? 'text-2xl' : 'text-base', className)}>Цена по запросу</p>;
  }
  const discounted = discountPercent(price, originalPrice) > 0;
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cn('font-bold tabular-nums', size === 'page' ? 'text-3xl' : 'text-lg')}>{formatRub(price)}</span>
      {vatRate !== null && <span className="text-xs text-muted-foreground">без НДС</span>}
      {discounted && (
        <s className={cn('text-muted-foreground tabular-nums', size === 'page' ? 'text-lg' : 'text-sm')} aria-label={`Старая цена ${formatRub(originalPrice!)}`}>
          {formatRub(originalPrice!)}
        </s>
      )}
    </p>
  );
}

const AVAILABILITY_STYLE = {
  here: { text: 'text-success', dot: 'bg-success' },
  elsewhere: { text: 'text-warning', dot: 'bg-warning' },
  none: { text: 'text-muted-foreground', dot: 'bg-zinc-400' },
} as const;

/** The product's availability in the customer's city (chosen in the header; the head office until then). */
export function Availability({ branchStock, className }: { branchStock: readonly BranchStock[]; className?: string }) {
  const { kind, text } = availabilityIn(branchStock, useCityBranch());
  return (
    <p className={cn('flex items-center gap-2 text-sm font-medium', AVAILABILITY_STYLE[kind].text, className)} data-testid="availability">
      <span aria-hidden className={cn('size-2 shrink-0 rounded-full', AVAILABILITY_STYLE[kind].dot)} />
      {text}
    </p>
  );
}
