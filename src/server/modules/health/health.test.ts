import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/db/connection.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../../../tests/helpers/orders.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';

/** Issue 29: liveness, readiness and the figures Prometheus reads, closed to the public. */
describe('health, readiness and /metrics', () => {
  let ctx: TestContext;
  const TOKEN = 'metrics-token-for-the-tests-2026';
  const PUBLIC_ADDRESS = '203.0.113.7';

  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => ctx.close());

  it('is live and ready on a migrated database; not ready while its schema is not this build’s', async () => {
    expect((await ctx.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok', database: ctx.database.kind });
    expect((await ctx.app.inject({ url: '/api/ready' })).json()).toEqual({ status: 'ready' });

    // A migration of this build not yet applied (another process is migrating): not ready, still live.
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(await ctx.database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`));
    await ctx.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    const waiting = await ctx.app.inject({ url: '/api/ready' });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.json()).toEqual({ status: 'error', message: 'Схема базы данных не совпадает с версией сервера: идут миграции' });
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await ctx.database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('refuses /metrics to a public address without the token', async () => {
    const refused = await ctx.app.inject({ url: '/metrics', remoteAddress: PUBLIC_ADDRESS });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Показатели доступны только мониторингу: нужен METRICS_TOKEN или адрес внутренней сети');
    const wrong = await ctx.app.inject({ url: '/metrics', remoteAddress: PUBLIC_ADDRESS, headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('shop_');
  });

  it('shows requests by route and status, the catalogue cache and the shop’s orders and jobs', async () => {
    await ctx.app.inject({ url: '/api/products?limit=5' });
    await ctx.app.inject({ url: '/api/products?limit=5' });
    await ctx.app.inject({ url: '/api/products/no-such-product' });
    await insertOrder(ctx, 0, 1500, 'processing');

    const res = await ctx.app.inject({ url: '/metrics', remoteAddress: PUBLIC_ADDRESS, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toMatch(/^shop_http_request_duration_seconds_count\{method="GET",route="\/api\/products",status="200"\} 2$/m);
    expect(text).toMatch(/^shop_http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:slugOrId",status="404"\} 1$/m);
    expect(text).toMatch(/^shop_catalogue_cache_lookups_total\{result="hit"\} [1-9]/m);
    expect(text).toMatch(/^shop_catalogue_cache_lookups_total\{result="miss"\} [1-9]/m);
    expect(text).toMatch(/^shop_orders\{status="processing"\} 1$/m);
    expect(text).toMatch(/^shop_jobs_oldest_queued_seconds 0$/m);
    // From the monitoring host on the private network, no token needed.
    expect((await ctx.app.inject({ url: '/metrics', remoteAddress: '10.0.0.5' })).statusCode).toBe(200);
  });
});
