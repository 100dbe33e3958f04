import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';
import { LiveSearchIndex } from './live-index.ts';

/**
 * A transaction left open on the server (a dump, a console session) while products are written:
 * the index still tells the writes stopping from the writes going on, and an index built again
 * does not take in as written what it loaded. PostgreSQL only: PGlite has one connection, so
 * nothing else can hold a transaction open.
 */

let ctx: TestContext;
let ids: number[];
let holder: pg.PoolClient;

beforeAll(async () => {
  ctx = await createTestApp();
  const result = (await ctx.database.db.execute(sql`select id from products where is_active order by id limit 6`)) as unknown as { rows: { id: number }[] };
  ids = result.rows.map((row) => row.id);
  holder = await ctx.database.pool!.connect();
  await holder.query('begin');
  // A transaction holds the snapshots' oldest running one back once it has an id of its own.
  await holder.query('select pg_current_xact_id()');
});
afterAll(async () => {
  await holder?.query('rollback');
  holder?.release();
  await ctx?.close();
});

const QUIET_MS = 300;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function look(live: LiveSearchIndex) {
  live.changed(true);
  await live.current();
  await live.settled();
  return (await live.current()).index;
}

describe('a transaction held open elsewhere on the server', () => {
  it('the writes stop, the index is built again once, and the rebuilt index counts none of them as written', async () => {
    const live = new LiveSearchIndex(ctx.database.db, (error) => {
      throw error;
    }, { after: () => 2, cap: () => 1000, quietMs: QUIET_MS, share: 1 });
    await live.current();
    await ctx.database.db.execute(sql`update products set name = 'Зубило длинное' where id = any(${sql.param(ids)}::int[])`);
    expect((await look(live)).freshCount).toBe(6);

    // A look finding nothing new: quiet since the writes, so the index is built again.
    await pause(QUIET_MS + 50);
    const rebuilt = await look(live);
    expect(rebuilt.freshCount).toBe(0);
    expect(rebuilt.activeProducts(ids).map((p) => p.shownName)).toEqual(Array(6).fill('Зубило длинное'));
    // And later looks find nothing to take in again.
    expect((await look(live)).freshCount).toBe(0);
  });
});
