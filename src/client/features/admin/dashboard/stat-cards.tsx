import { ArrowDownRight, ArrowUpRight, Boxes, Minus, ShoppingBag, Users, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';
import { formatRub } from '#shared/money.ts';
import { pluralRu } from '#shared/plural.ts';
import type { AdminDashboard } from '#shared/types.ts';

export const numberFormat = new Intl.NumberFormat('ru-RU');

/** '+12,5 %' green, '−3 %' red, or a neutral note when there is nothing to compare with. */
function Change({ percent }: { percent: number | null }) {
  if (percent === null) {
    return <p className="text-sm text-muted-foreground">В прошлые 30 дней было 0: сравнивать не с чем</p>;
  }
  const up = percent > 0;
  const down = percent < 0;
  const Icon = up ? ArrowUpRight : down ? ArrowDownRight : Minus;
  const text = `${up ? '+' : down ? '−' : ''}${numberFormat.format(Math.abs(percent))} %`;
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-sm">
      <span className={cn('inline-flex items-center gap-0.5 font-semibold', up && 'text-success', down && 'text-destructive', !up && !down && 'text-muted-foreground')}>
        <Icon className="size-4" aria-hidden />
        {text}
      </span>
      <span className="text-muted-foreground">к прошлым 30 дням</span>
    </p>
  );
}

function StatCard({ title, value, icon: Icon, children }: { title: string; value: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <Card className="gap-2 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
          <Icon className="size-5" aria-hidden />
        </span>
      </div>
      <p className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">{value}</p>
      {children}
    </Card>
  );
}

/** Revenue, orders, customers and products: the last 30 days against the 30 before. */
export function StatCards({ dashboard: d }: { dashboard: AdminDashboard }) {
  return (
    <section aria-label="Показатели" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard title="Выручка за 30 дней" value={formatRub(d.revenue.current)} icon={Wallet}>
        <Change percent={d.revenue.changePercent} />
        <p className="text-xs text-muted-foreground">
          За прошлые 30 дней: {formatRub(d.revenue.previous)} · без отменённых заказов
        </p>
      </StatCard>
      <StatCard title="Заказы за 30 дней" value={numberFormat.format(d.orders.current)} icon={ShoppingBag}>
        <Change percent={d.orders.changePercent} />
        <p className="text-xs text-muted-foreground">
          За прошлые 30 дней: {numberFormat.format(d.orders.previous)}
        </p>
      </StatCard>
      <StatCard title="Клиенты" value={numberFormat.format(d.customers.total)} icon={Users}>
        <p className="text-sm">
          <span className={cn('font-semibold', d.customers.newCurrent > 0 && 'text-success')}>+{numberFormat.format(d.customers.newCurrent)}</span>{' '}
          <span className="text-muted-foreground">
            {pluralRu(d.customers.newCurrent, 'новый', 'новых', 'новых')} за 30 дней
          </span>
        </p>
        <Change percent={d.customers.changePercent} />
      </StatCard>
      <StatCard title="Активные товары" value={numberFormat.format(d.products.active)} icon={Boxes}>
        <p className="text-sm text-muted-foreground">
          Всего {numberFormat.format(d.products.total)}, неактивных {numberFormat.format(d.products.inactive)}
        </p>
        <p className={cn('text-sm font-medium', d.lowStock.count > 0 ? 'text-warning' : 'text-success')}>
          Мало на складе: {numberFormat.format(d.lowStock.count)}
        </p>
      </StatCard>
    </section>
  );
}
