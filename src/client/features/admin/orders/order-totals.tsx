import { cn } from '#client/lib/utils.ts';
import { formatRub } from '#shared/money.ts';
import type { AdminOrderDetail } from '#shared/types.ts';
import { vatSummaryLines } from '#shared/vat-summary.ts';

/** An order's sums as staff read them, in the order dialog and on its printed sheet. */
export function OrderTotals({ order, className }: { order: AdminOrderDetail; className?: string }) {
  const vat = vatSummaryLines({ ...order, delivery: order.delivery.price });
  return (
    <dl className={cn('grid w-full grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm', className)}>
      <dt className="text-muted-foreground print:text-black">Товары</dt>
      <dd className="text-right tabular-nums">{formatRub(order.subtotal)}</dd>
      {vat.added && (
        <>
          <dt className="text-muted-foreground print:text-black">{vat.added.label}</dt>
          <dd className="text-right tabular-nums">{formatRub(vat.added.amount)}</dd>
        </>
      )}
      <dt className="text-muted-foreground print:text-black">{order.pickupBranch ? 'Самовывоз' : 'Доставка'}</dt>
      <dd className="text-right tabular-nums">{order.delivery.price > 0 ? formatRub(order.delivery.price) : 'Бесплатно'}</dd>
      <dt className="border-t pt-1 font-semibold">Итого</dt>
      <dd className="border-t pt-1 text-right font-semibold tabular-nums">{formatRub(order.totalAmount)}</dd>
      {vat.inTotal && (
        <>
          <dt className="text-muted-foreground print:text-black">{vat.inTotal.label}</dt>
          <dd className="text-right text-muted-foreground tabular-nums">{formatRub(vat.inTotal.amount)}</dd>
        </>
      )}
    </dl>
  );
}
