import { sql } from 'drizzle-orm';
import client from 'prom-client';
import type { App } from '../../core/app-types.ts';
import { rowsOf } from '../../db/connection.ts';

/**
 * Shop-wide figures for /metrics, read from the database when Prometheus scrapes, so every process
 * reports the same (take `max` across instances): orders by status, online payments by status,
 * background jobs (imports, exchanges, scrapes, mail) by kind and status, and how long the oldest
 * job due to run has waited.
 */
export function registerShopFigures(app: App) {
  const { db } = app.deps;
  const registers = [app.metrics.registry];
  const queryRows = async <T>(query: string): Promise<T[]> => rowsOf<T>(await db.execute(sql.raw(query)));

  const countsBy = (name: string, help: string, labelNames: readonly string[], query: string) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        for (const { n, ...labels } of await queryRows<Record<string, string | number>>(query)) this.set(labels as Record<string, string>, Number(n));
      },
    });
  countsBy('shop_orders', 'Orders by status (shop-wide)', ['status'], 'select status, count(*)::int as n from orders group by status');
  countsBy('shop_payments', 'Online payments by YooKassa status (shop-wide)', ['status'], 'select status, count(*)::int as n from payments group by status');
  countsBy('shop_jobs', 'Background jobs by kind and status (shop-wide)', ['kind', 'status'], 'select kind, status, count(*)::int as n from jobs group by kind, status');
  new client.Gauge({
    name: 'shop_jobs_oldest_queued_seconds',
    help: 'How long the oldest job due to run has waited, 0 when none waits (shop-wide)',
    registers,
    async collect() {
      const [row] = await queryRows<{ age: number | null }>(`select extract(epoch from now() - min(run_after))::float8 as age from jobs where status = 'queued' and run_after <= now()`);
      this.set(Math.max(0, row?.age ?? 0));
    },
  });
}
