import { RotateCcw, ShieldCheck, ShoppingBag, Truck } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import { paths } from '#client/paths.ts';
import { RETURN_DAYS } from '#shared/constants.ts';
import { formatRub } from '#shared/money.ts';
import { vatSummaryLines, type VatAmounts } from '#shared/vat-summary.ts';

/** Amounts in roubles, as the server computed them (a cart's answer, an order's stored totals). */
export type SummaryAmounts = VatAmounts & { subtotal: number; total: number };

/**
 * Subtotal, VAT at the rate the amounts were computed with ('НДС (20%)' added, «в т. ч. НДС (20%)»
 * contained; no line «Без НДС»), delivery (or the free pickup) and total (spec 9), as a definition list.
 */
export function OrderTotalsList({ totals, pickup = false, className }: { totals: SummaryAmounts; pickup?: boolean; className?: string }) {
  const row = 'flex items-baseline justify-between gap-4';
  const vat = vatSummaryLines(totals);
  return (
    <dl className={cn('grid gap-2.5 text-sm', className)}>
      <div className={row}>
        <dt className="text-muted-foreground">Товары</dt>
        <dd className="font-medium tabular-nums">{formatRub(totals.subtotal)}</dd>
      </div>
      {vat.added && (
        <div className={row}>
          <dt className="text-muted-foreground">{vat.added.label}</dt>
          <dd className="font-medium tabular-nums">{formatRub(vat.added.amount)}</dd>
        </div>
      )}
      <div className={row}>
        <dt className="text-muted-foreground">{pickup ? 'Самовывоз' : 'Доставка'}</dt>
        <dd className={cn('font-medium tabular-nums', totals.delivery === 0 && 'text-success')}>
          {totals.delivery === 0 ? 'Бесплатно' : formatRub(totals.delivery)}
        </dd>
      </div>
      <div className={cn(row, 'mt-1 border-t pt-3 text-base')}>
        <dt className="font-semibold">Итого</dt>
        <dd className="text-xl font-extrabold tabular-nums" data-testid="order-total">
          {formatRub(totals.total)}
        </dd>
      </div>
      {vat.inTotal && (
        <div className={cn(row, 'text-muted-foreground')}>
          <dt>{vat.inTotal.label}</dt>
          <dd className="tabular-nums" data-testid="order-vat-in-total">
            {formatRub(vat.inTotal.amount)}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** The notes under the cart summary (spec 2.7), with the shop's one free-delivery threshold. */
export function SummaryNotes({ freeDeliveryThreshold }: { freeDeliveryThreshold: number }) {
  return (
    <ul className="grid gap-2 text-sm text-muted-foreground">
      <li className="flex items-center gap-2">
        <Truck className="size-4 shrink-0 text-primary" aria-hidden />
        Бесплатная доставка при заказе от {formatRub(freeDeliveryThreshold)}
      </li>
      <li className="flex items-center gap-2">
        <RotateCcw className="size-4 shrink-0 text-primary" aria-hidden />
        Возврат в течение {RETURN_DAYS} дней
      </li>
      <li className="flex items-center gap-2">
        <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
        Безопасная оплата
      </li>
    </ul>
  );
}

/**
 * 'Информация о заказе': the cart's totals and how much is left to free delivery, both as the
 * server computed them, an action (children) and the notes.
 */
export function OrderSummary({
  totals,
  freeDeliveryThreshold,
  title = 'Информация о заказе',
  children,
  className,
}: {
  totals: SummaryAmounts & { toFreeDelivery: number };
  freeDeliveryThreshold: number;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <OrderTotalsList totals={totals} />
        {totals.delivery > 0 && totals.toFreeDelivery > 0 && (
          <p className="rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
            Добавьте товаров ещё на {formatRub(totals.toFreeDelivery)} — и доставка будет бесплатной
          </p>
        )}
        {children}
        <SummaryNotes freeDeliveryThreshold={freeDeliveryThreshold} />
      </CardContent>
    </Card>
  );
}

/** «Продолжить покупки» where a purchase ends or has not begun: back to the catalogue on the home page. */
export function ContinueShoppingButton(props: Omit<ComponentProps<typeof Button>, 'asChild' | 'children'>) {
  return (
    <Button asChild size="lg" {...props}>
      <Link to={paths.home}>
        <ShoppingBag aria-hidden />
        Продолжить покупки
      </Link>
    </Button>
  );
}
