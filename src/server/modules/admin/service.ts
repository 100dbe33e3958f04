import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { categories, orders, products, users } from '../../db/schema.ts';
import { categoryProductCounts } from '../categories/admin-service.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/constants.ts';
import { kopecksToRub } from '#shared/money.ts';
import type { AdminDashboard } from '#shared/types.ts';
import { DAY_MS } from '../../core/time.ts';

export const DASHBOARD_PERIOD_DAYS = 30;
const LATEST_ORDERS = 5;
const LOW_STOCK_ITEMS = 5;

/** Change from `previous` to `current` in percent, one decimal; null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/**
 * The dashboard's figures, all from the database: revenue (orders not cancelled) and orders of
 * the last 30 days against the 30 days before, customers, products, low stock, latest orders,
 * products per category.
 */
export async function getDashboard(db: Db, now: Date): Promise<AdminDashboard> {
  const end = now.toISOString();
  const start = new Date(now.getTime() - DASHBOARD_PERIOD_DAYS * DAY_MS).toISOString();
  const prevStart = new Date(now.getTime() - 2 * DASHBOARD_PERIOD_DAYS * DAY_MS).toISOString();
  const inCurrent = sql`${orders.createdAt} >= ${start}::timestamptz and ${orders.createdAt} < ${end}::timestamptz`;
  const inPrevious = sql`${orders.createdAt} >= ${prevStart}::timestamptz and ${orders.createdAt} < ${start}::timestamptz`;
  const notCancelled = sql`${orders.status} <> 'cancelled'`;

  const [orderFigures] = await db
    .select({
      revenueCurrent: sql<string>`coalesce(sum(${orders.totalKopecks}) filter (where ${inCurrent} and ${notCancelled}), 0)`,
      revenuePrevious: sql<string>`coalesce(sum(${orders.totalKopecks}) filter (where ${inPrevious} and ${notCancelled}), 0)`,
      ordersCurrent: sql<number>`(count(*) filter (where ${inCurrent}))::int`,
      ordersPrevious: sql<number>`(count(*) filter (where ${inPrevious}))::int`,
    })
    .from(orders)
    .where(sql`${orders.createdAt} >= ${prevStart}::timestamptz`);

  const userCurrent = sql`${users.createdAt} >= ${start}::timestamptz and ${users.createdAt} < ${end}::timestamptz`;
  const userPrevious = sql`${users.createdAt} >= ${prevStart}::timestamptz and ${users.createdAt} < ${start}::timestamptz`;
  const [customerFigures] = await db
    .select({
      total: sql<number>`count(*)::int`,
      newCurrent: sql<number>`(count(*) filter (where ${userCurrent}))::int`,
      newPrevious: sql<number>`(count(*) filter (where ${userPrevious}))::int`,
    })
    .from(users)
    .where(eq(users.role, 'user'));

  const lowStockCondition = sql`${products.isActive} and coalesce(${products.stock}, 0) <= ${LOW_STOCK_THRESHOLD}`;
  const [productFigures] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${products.isActive}))::int`,
      lowStock: sql<number>`(count(*) filter (where ${lowStockCondition}))::int`,
    })
    .from(products);

  const lowStockItems = await db
    .select({ id: products.id, name: products.name, sku: products.sku, stock: products.stock })
    .from(products)
    .where(lowStockCondition)
    .orderBy(sql`coalesce(${products.stock}, 0)`, asc(products.name))
    .limit(LOW_STOCK_ITEMS);

  const latest = await db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      totalKopecks: orders.totalKopecks,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(LATEST_ORDERS);

  const perCategory = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      icon: categories.icon,
      ...categoryProductCounts,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));

  const revenueCurrent = Number(orderFigures!.revenueCurrent);
  const revenuePrevious = Number(orderFigures!.revenuePrevious);
  return {
    periodDays: DASHBOARD_PERIOD_DAYS,
    revenue: {
      current: kopecksToRub(revenueCurrent),
      previous: kopecksToRub(revenuePrevious),
      changePercent: changePercent(revenueCurrent, revenuePrevious),
    },
    orders: {
      current: orderFigures!.ordersCurrent,
      previous: orderFigures!.ordersPrevious,
      changePercent: changePercent(orderFigures!.ordersCurrent, orderFigures!.ordersPrevious),
    },
    customers: {
      total: customerFigures!.total,
      newCurrent: customerFigures!.newCurrent,
      newPrevious: customerFigures!.newPrevious,
      changePercent: changePercent(customerFigures!.newCurrent, customerFigures!.newPrevious),
    },
    products: {
      total: productFigures!.total,
      active: productFigures!.active,
      inactive: productFigures!.total - productFigures!.active,
    },
    lowStock: { threshold: LOW_STOCK_THRESHOLD, count: productFigures!.lowStock, items: lowStockItems },
    latestOrders: latest.map((o) => ({
      id: o.id,
      customerName: o.customerName,
      totalAmount: kopecksToRub(o.totalKopecks),
      status: o.status as AdminDashboard['latestOrders'][number]['status'],
      createdAt: o.createdAt.toISOString(),
    })),
    categories: perCategory,
  };
}
