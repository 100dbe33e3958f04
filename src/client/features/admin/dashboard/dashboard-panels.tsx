import { ArrowRight, ShoppingBag, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { CategoryIcon } from '#client/components/catalog/category-icon.tsx';
import { OrderStatusBadge } from '#client/components/order-status-badge.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { adminPaths } from '#client/features/admin/paths.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import { productsCount } from '#shared/plural.ts';
import type { AdminDashboard } from '#shared/types.ts';
import { numberFormat } from './stat-cards.tsx';

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

export function LatestOrders({ orders }: { orders: AdminDashboard['latestOrders'] }) {
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

export function LowStock({ lowStock }: { lowStock: AdminDashboard['lowStock'] }) {
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

export function PerCategory({ categories }: { categories: AdminDashboard['categories'] }) {
  const max = Math.max(1, ...categories.map((c) => c.productCount));
  return (
    <Card>
      <HeaderWithLink title="Товары по категориям" to={adminPaths.categories} link="Категории" />
      <CardContent className="grid gap-3">
        {categories.length === 0 ? (
          <p className="text-muted-foreground">Категорий пока нет.</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">Все товары категории, включая скрытые с витрины.</p>
            <ul className="grid gap-3">
              {categories.map((c) => (
                <li key={c.id} className="grid gap-1">
                  <div className="flex items-center gap-2 text-sm">
                    <CategoryIcon name={c.icon} className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1 truncate font-medium">{c.name}</span>
                    <span className="tabular-nums text-muted-foreground">
                      {numberFormat.format(c.productCount)}
                      {c.productCount > c.activeProductCount && `, скрытых ${numberFormat.format(c.productCount - c.activeProductCount)}`}
                    </span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                    <div className="h-full rounded-full bg-primary" style={{ width: `${(c.productCount / max) * 100}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
