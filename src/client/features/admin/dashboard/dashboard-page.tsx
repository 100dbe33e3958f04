import { useQuery } from '@tanstack/react-query';
import {
  ArrowDownRight,
  ArrowRight,
  ArrowUpRight,
  Boxes,
  FolderTree,
  Minus,
  PackagePlus,
  ShoppingBag,
  TriangleAlert,
  Upload,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CategoryIcon } from '#client/components/catalog/category-icon.tsx';
import { OrderStatusBadge } from '#client/components/order-status-badge.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { cn } from '#client/lib/utils.ts';
import { adminPaths } from '#client/paths.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import { pluralRu, productsCount } from '#shared/plural.ts';
import type { AdminDashboard } from '#shared/types.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { dashboardQuery } from './api.ts';

const numberFormat = new Intl.NumberFormat('ru-RU');

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

const QUICK_ACTIONS: { to: string; label: string; hint: string; icon: LucideIcon }[] = [
  { to: adminPaths.productCreate, label: 'Добавить товар', hint: 'Новая карточка в каталоге', icon: PackagePlus },
  { to: adminPaths.import, label: 'Импорт товаров', hint: 'Загрузить список в JSON', icon: Upload },
  { to: adminPaths.categories, label: 'Категории', hint: 'Разделы каталога', icon: FolderTree },
  { to: adminPaths.orders, label: 'Заказы', hint: 'Обработка и статусы', icon: ShoppingBag },
];

function QuickActions() {
  return (
    <section aria-labelledby="quick-actions" className="mb-6">
      <h2 id="quick-actions" className="sr-only">
        Быстрые действия
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {QUICK_ACTIONS.map(({ to, label, hint, icon: Icon }) => (
          <li key={to} className="flex">
            <Link
              to={to}
              className="group flex w-full items-center gap-3 rounded-lg border bg-card p-3 shadow-xs transition hover:border-primary/50 hover:shadow-md sm:p-4"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold sm:text-base">{label}</span>
                <span className="hidden text-sm text-muted-foreground sm:block">{hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A card's title with a link to the full screen on the right. */
function HeaderWithLink({ title, to, link }: { title: string; to: string; link: string }) {
  return (
    <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
      <CardTitle as="h2">{title}</CardTitle>
      <Button variant="link" asChild>
        <Link to={to}>
          {link}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </CardHeader>
  );
}

function LatestOrders({ orders }: { orders: AdminDashboard['latestOrders'] }) {
  return (
    <Card>
      <HeaderWithLink title="Последние заказы" to={adminPaths.orders} link="Все заказы" />
      <CardContent>
        {orders.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center text-muted-foreground">
            <ShoppingBag className="size-8" aria-hidden />
            <p>Заказов пока нет. Они появятся здесь, как только покупатели оформят первые заказы.</p>
          </div>
        ) : (
          <ul className="divide-y">
            {orders.map((order) => (
              <li key={order.id}>
                <Link
                  to={adminPaths.order(order.id)}
                  className="-mx-2 grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 rounded-md px-2 py-3 hover:bg-muted/60 sm:grid-cols-[10.5rem_minmax(0,1fr)_auto]"
                >
                  <span className="hidden sm:block">
                    <span className="block font-semibold tabular-nums">№ {order.id}</span>
                    <span className="block text-xs text-muted-foreground">{formatDateTime(order.createdAt)}</span>
                  </span>
                  <span className="min-w-0">
                    <span className="block truncate font-medium">
                      <span className="sm:hidden">№ {order.id} · </span>
                      {order.customerName}
                    </span>
                    <span className="mt-1 flex flex-wrap items-center gap-2">
                      <OrderStatusBadge status={order.status} />
                      <span className="text-xs text-muted-foreground sm:hidden">{formatDateTime(order.createdAt)}</span>
                    </span>
                  </span>
                  <span className="text-right font-semibold tabular-nums">{formatRub(order.totalAmount)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function LowStock({ lowStock }: { lowStock: AdminDashboard['lowStock'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <TriangleAlert className="size-5 text-warning" aria-hidden />
          Заканчиваются на складе
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {lowStock.count === 0
            ? `Все активные товары в наличии больше ${lowStock.threshold} шт.`
            : `${productsCount(lowStock.count)} с остатком ${lowStock.threshold} шт. и меньше`}
        </p>
      </CardHeader>
      {lowStock.items.length > 0 && (
        <CardContent>
          <ul className="divide-y">
            {lowStock.items.map((item) => (
              <li key={item.id}>
                <Link to={adminPaths.productEdit(item.id)} className="-mx-2 flex items-center gap-3 rounded-md px-2 py-2.5 hover:bg-muted/60">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{item.name}</span>
                    <span className="block text-xs text-muted-foreground">Арт. {item.sku}</span>
                  </span>
                  <Badge variant={(item.stock ?? 0) <= 0 ? 'destructive' : 'warning'}>
                    {(item.stock ?? 0) <= 0 ? 'Нет в наличии' : `${item.stock} шт.`}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}

function PerCategory({ categories }: { categories: AdminDashboard['categories'] }) {
  const max = Math.max(1, ...categories.map((c) => c.productCount));
  return (
    <Card>
      <HeaderWithLink title="Товары по категориям" to={adminPaths.categories} link="Категории" />
      <CardContent>
        {categories.length === 0 ? (
          <p className="text-muted-foreground">Категорий пока нет.</p>
        ) : (
          <ul className="grid gap-3">
            {categories.map((c) => (
              <li key={c.id} className="grid gap-1">
                <div className="flex items-center gap-2 text-sm">
                  <CategoryIcon name={c.icon} className="size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 flex-1 truncate font-medium">{c.name}</span>
                  <span className="tabular-nums text-muted-foreground" title={`Активных: ${c.activeProductCount}`}>
                    {numberFormat.format(c.productCount)}
                  </span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                  <div className="h-full rounded-full bg-primary" style={{ width: `${(c.productCount / max) * 100}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <div aria-busy="true" aria-label="Загрузка показателей" className="grid gap-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-36 rounded-lg" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Skeleton className="h-96 rounded-lg" />
        <Skeleton className="h-96 rounded-lg" />
      </div>
    </div>
  );
}

export default function DashboardPage() {
  useAdminTitle('Обзор');
  const query = useQuery(dashboardQuery());
  const d = query.data;
  return (
    <>
      <PageHeader title="Обзор" description="Показатели магазина за последние 30 дней в сравнении с предыдущими 30 днями" />
      <QuickActions />
      {query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError ? (
        <LoadError title="Не удалось загрузить показатели" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        d && (
          <div className="grid grid-cols-1 gap-6">
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
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <div className="grid min-w-0 grid-cols-1 content-start gap-6">
                <LatestOrders orders={d.latestOrders} />
                <LowStock lowStock={d.lowStock} />
              </div>
              <PerCategory categories={d.categories} />
            </div>
          </div>
        )
      )}
    </>
  );
}
