import client from 'prom-client';
import type { Database } from '../db/connection.ts';

/**
 * The figures Prometheus reads at /metrics (issue 29), per process: requests by route and status
 * with their latency, the database pool, the catalogue cache's lookups, and node's own (memory,
 * event loop, garbage collection). The shop-wide ones read from the database are the health
 * module's (modules/health/shop-figures.ts).
 */
export type ShopMetrics = {
  registry: client.Registry;
  requests: client.Histogram<'method' | 'route' | 'status'>;
  catalogueCache: client.Counter<'result'>;
};

export function createShopMetrics(database: Database, options: { processFigures: boolean }): ShopMetrics {
  const registry = new client.Registry();
  // Node's own figures start timers and event-loop monitors: one set per process, not per test app.
  if (options.processFigures) client.collectDefaultMetrics({ register: registry });

  const requests = new client.Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Answers by route pattern, method and status, with the time to answer',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const catalogueCache = new client.Counter({
    name: 'shop_catalogue_cache_lookups_total',
    help: 'Catalogue answers looked up in the process cache: hit or miss',
    labelNames: ['result'] as const,
    registers: [registry],
  });

  const pool = database.pool;
  if (pool) {
    new client.Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  return { registry, requests, catalogueCache };
}
