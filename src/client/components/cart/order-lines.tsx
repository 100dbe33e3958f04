import { Link } from 'react-router';
import { cn } from '#client/lib/utils.ts';
import { paths } from '#client/paths.ts';
import { formatRub, hasPrice } from '#shared/money.ts';
import type { OrderItem } from '#shared/types.ts';

/** One line of an order or of a cart about to become one; money in roubles as the server sent it. */
export type OrderLine = {
  id: number;
  name: string;
  /** Links the name to the product page when given. */
  slug: string | null;
  sku?: string | null;
  quantity: number;
  unitPrice: number | null;
  /** The retail price when the unit price is the customer's own («Ваша цена», a cart about to become an order). */
  retailUnitPrice?: number | null;
  total: number;
  /** Why the line cannot be ordered as it is. */
  problem?: string | null;
};

/** The lines of a placed order (a snapshot of names and prices). */
export const orderItemLines = (items: readonly OrderItem[]): OrderLine[] =>
  items.map((item) => ({
    id: item.id,
    name: item.productName,
    slug: item.productSlug,
    sku: item.productSku,
    quantity: item.quantity,
    unitPrice: item.productPrice,
    total: item.totalPrice,
  }));

/** Name, article, 'N шт. × price' and the line total: the order page, the order history and the checkout review. */
export function OrderLines({ lines, label, className }: { lines: readonly OrderLine[]; label: string; className?: string }) {
  return (
    <ul className={cn('divide-y text-sm', className)} aria-label={label}>
      {lines.map((line) => (
        <li key={line.id} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0">
            {line.slug ? (
              <Link to={paths.product(line.slug)} className="font-medium break-words hover:text-primary hover:underline">
                {line.name}
              </Link>
            ) : (
              <span className="font-medium break-words">{line.name}</span>
            )}
            <p className="text-muted-foreground">
              {line.sku ? `Арт. ${line.sku} · ` : ''}
              {line.quantity} шт. × {hasPrice(line.unitPrice) ? formatRub(line.unitPrice) : 'цена по запросу'}
            </p>
            {typeof line.retailUnitPrice === 'number' && hasPrice(line.unitPrice) && (
              <p className="text-xs text-muted-foreground">
                <span className="font-semibold text-primary">Ваша цена</span> · розничная цена: <span className="tabular-nums">{formatRub(line.retailUnitPrice)}</span>
              </p>
            )}
            {line.problem && <p className="font-medium text-destructive">{line.problem}</p>}
          </div>
          <span className="shrink-0 font-semibold whitespace-nowrap tabular-nums">{formatRub(line.total)}</span>
        </li>
      ))}
    </ul>
  );
}
