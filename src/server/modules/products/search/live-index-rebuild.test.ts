import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';
import { LiveSearchIndex, type RebuildPolicy } from './live-index.ts';

/**
 * When the index is built again for written products: not while the writes go on (a price list
 * writing thousands), once they stop, and regardless past the cap. Small thresholds stand in for
 * the shop's thousands.
 */

let ctx: TestContext;
let ids: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  const result = (await ctx.database.db.execute(sql`select id from products where is_active order by id limit 12`)) as unknown as { rows: { id: number }[] };
  ids = result.rows.map((row) => row.id);
});
afterAll(async () => ctx?.close());

const QUIET_MS = 300;
const policy = (cap: number): RebuildPolicy => ({ after: () => 2, cap: () => cap, quietMs: QUIET_MS, share: 1 });

/** An index of the test's database with the policy's small thresholds, built. */
async function builtIndex(cap: number): Promise<LiveSearchIndex> {
  const live = new LiveSearchIndex(ctx.database.db, (error) => {
    throw error;
  }, policy(cap));
  await live.current();
  return live;
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Renames products as an import would, and announces it. */
async function write(live: LiveSearchIndex, products: number[], name: string) {
  await ctx.database.db.execute(sql`update products set name = ${name} where id = any(${sql.param(products)}::int[])`);
  live.changed(true);
  await live.current();
  await live.settled();
}

const shownNames = async (live: LiveSearchIndex, products: number[]) => (await live.current()).index.activeProducts(products).map((p) => p.shownName);

describe('rebuilding the search index for written products', () => {
  it('waits while writes go on, then rebuilds once they stop, with every write in it', async () => {
    const live = await builtIndex(1000);
    await write(live, ids.slice(0, 3), 'Кувалда первая');
    await write(live, ids.slice(3, 6), 'Кувалда вторая');
    // Six written, past `after`, but the writes have not stopped: still the first build.
    expect((await live.current()).index.freshCount).toBe(6);

    // The next look (a request's, at least once a second) finds nothing new: the writes stopped.
    await pause(QUIET_MS + 50);
    live.changed(true);
    await live.current();
    await live.settled();
    const { index: rebuilt } = await live.current();
    expect(rebuilt.freshCount).toBe(0);
    expect(await shownNames(live, ids.slice(0, 6))).toEqual([...Array(3).fill('Кувалда первая'), ...Array(3).fill('Кувалда вторая')]);
  });

  it('rebuilds past the cap even while writes go on', async () => {
    const live = await builtIndex(4);
    await write(live, ids.slice(0, 3), 'Молот первый');
    expect((await live.current()).index.freshCount).toBe(3);
    await write(live, ids.slice(3, 8), 'Молот второй');
    // Eight written, past the cap of four: built again at once, without waiting for a quiet moment.
    expect((await live.current()).index.freshCount).toBe(0);
    expect(await shownNames(live, ids.slice(0, 8))).toEqual([...Array(3).fill('Молот первый'), ...Array(5).fill('Молот второй')]);
  });
});
