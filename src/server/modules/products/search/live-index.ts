import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connection.ts';
import { SearchIndexBuilder, type CategoryRow, type IndexRow, type SearchIndex } from './search-index.ts';

/**
 * The search index of this process, kept in step with the products table: triggers record, per
 * product, the transaction that last wrote or deleted it (search_feed.product_changes, migration
 * 0004), and the index remembers the snapshot it last looked from (which transactions had
 * committed). Looking again reads only the products written and deleted by transactions that
 * snapshot did not see: usually none, in one short query. Not everything from the snapshot's
 * oldest running transaction on: one long transaction anywhere on the server (a dump) kept that
 * one back, every look found the same products again, the writes never seemed to stop, and an
 * index built again took them in again as written. The index looks at once when a change is
 * announced (catalog-events, or another process through the version watch) and at least once a
 * second, so writes nobody announced show within a second too. A search waits for the look when
 * it has not finished: for a change this process made, until it is taken in (what staff just
 * wrote, their next search shows); for another process's or an order's, at most SEARCH_WAIT_MS,
 * then it answers from the index as far as it has taken the changes in (while the worker applies
 * a price list, a look takes in thousands of products, up to a quarter of a second), and says so
 * (`complete` false), so that answer is not kept.
 */

// Branch stock and characteristics come along: their writes touch the product row (the stock
// door sums `products.stock`, the attribute door sets `updated_at`), so the change feed brings them.
const INDEX_COLUMNS = sql.raw(`products.id, name, slug, sku, coalesce(sku_norm, '') as "skuNorm", image_url as "imageUrl", category_id as "categoryId", supplier,
  is_active as "isActive", is_featured as "isFeatured", sales_count as "salesCount", price_kopecks as "priceKopecks",
  (extract(epoch from created_at) * 1000)::float8 as "createdAt", array_to_string(tsvector_to_array(search_vector), ' ') as lexemes,
  brand, coalesce(stock, 0) > 0 as "inStock",
  coalesce((select json_agg(ps.branch_id) from product_stock ps where ps.product_id = products.id and ps.quantity > 0), '[]') as "branchIds",
  coalesce((select json_agg(json_build_array(pa.attribute_id, pa.value, pa.number)) from product_attributes pa
    where pa.product_id = products.id), '[]') as attributes`);

/** Rows per query while the whole index is loaded, or the products a look found written: the event loop keeps serving in between. */
const LOAD_BATCH = 2000;
/** The longest a search waits for the index to take in changes it need not wait for in full (see the head). */
export const SEARCH_WAIT_MS = 30;
/** Without an announced change the index still looks at the database this often. */
const LOOK_INTERVAL_MS = 1000;
/** Deletions are kept a day: an index that has not looked for most of a day is built again. */
const DELETIONS_KEPT_MS = 20 * 60 * 60 * 1000;
/**
 * When the index is built again for the products written since its build (in the background,
 * from the database: the written ones sit in slower side structures until then):
 * - `after` of them, but only once `quietMs` passed without a change: while a price list or an
 *   exchange writes tens of thousands, a rebuild in the middle (two indexes in memory, a full read
 *   and the collector's pauses) held the storefront's requests, and the next writes made it stale
 *   at once; one rebuild once the writes stop does the same work once;
 * - `cap` of them even while writes go on, so the side structures stay bounded;
 * - and rebuilds take at most `share` of the time: rebuilding after every few thousand read the
 *   whole catalogue again and again while the process's requests waited for the core it took.
 */
export type RebuildPolicy = { after: (size: number) => number; cap: (size: number) => number; quietMs: number; share: number };

const REBUILD_POLICY: RebuildPolicy = {
  after: (size) => Math.max(5000, size / 4),
  cap: (size) => Math.max(100_000, size),
  quietMs: 2000,
  share: 0.1,
};

/** Which transactions have committed, as of now. */
const SNAPSHOT = sql`pg_current_snapshot()::text`;

/**
 * Rows of the change feed written by transactions `since` did not see. Every transaction before its
 * oldest running one had ended, so the feed's index narrows the rows to those from it on.
 */
const unseenBy = (since: string) =>
  sql`xact >= pg_snapshot_xmin(${since}::pg_snapshot)::text::bigint and not pg_visible_in_snapshot(xact::text::xid8, ${since}::pg_snapshot)`;

/** Product id 0 among the deleted: the table was emptied (TRUNCATE, a restored backup). */
const EMPTIED = 0;

/**
 * The categories are few and rarely written, and have no change feed: each look compares a digest
 * of them with the index's and brings them all only when it differs (a category named, renamed,
 * moved or deleted, here or by another process).
 */
const CATEGORY_DIGEST = sql`md5(coalesce(string_agg(concat_ws('|', id, slug, name), E'\n' order by sort_order, id), ''))`;

type Changes = { snapshot: string; changedIds: number[]; deleted: number[]; categoryDigest: string; categories: CategoryRow[] | null };

/**
 * Ids of the products written and deleted by transactions `since` did not see, the snapshot to
 * look from next, and the categories unless their digest is still `categoryDigest`, all from one snapshot. The written
 * products' rows are read afterwards, a batch at a time (`applyChanges`): all of them in this
 * result took one parse of megabytes of JSON (a price list writes tens of thousands).
 */
async function readChanges(db: Db, since: string, categoryDigest: string): Promise<Changes> {
  const [row] = rowsOf<Changes>(
    await db.execute(sql`
      select ${SNAPSHOT} as snapshot, digest as "categoryDigest",
        case when digest = ${categoryDigest} then null else
          (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'slug', slug) order by sort_order, id), '[]') from categories)
        end as categories,
        (select coalesce(json_agg(product_id), '[]') from search_feed.product_changes
          where ${unseenBy(since)} and deleted) as deleted,
        (select coalesce(json_agg(product_id order by product_id), '[]') from search_feed.product_changes
          where ${unseenBy(since)} and not deleted) as "changedIds"
      from (select ${CATEGORY_DIGEST} as digest from categories) as category_digest`),
  );
  return row!;
}

/**
 * Products taken in (or added to a new index) per turn of the event loop: a price list or a 1C
 * exchange writes thousands at once, and taking them all in one go held every request of the
 * process (311 ms for 5 000 rows).
 */
const APPLY_SLICE = 100;

/**
 * Takes in what a look found, reading the written products' rows a batch at a time and taking
 * them in a slice at a time; searches between slices see the products taken in so far. A row read
 * later than the look's snapshot is as new or newer than it, and one deleted meanwhile is missing
 * here and among the deleted of the next look, which starts from this look's snapshot.
 */
async function applyChanges(db: Db, index: SearchIndex, changes: Changes) {
  for (let start = 0; start < changes.deleted.length; start += APPLY_SLICE) {
    await setImmediate();
    index.apply([], changes.deleted.slice(start, start + APPLY_SLICE));
  }
  for (let from = 0; from < changes.changedIds.length; from += LOAD_BATCH) {
    const ids = changes.changedIds.slice(from, from + LOAD_BATCH);
    const rows = rowsOf<IndexRow>(await db.execute(sql`select ${INDEX_COLUMNS} from products where id = any(${sql.param(ids)}::int[]) order by id`));
    await index.reserve(rows.length);
    for (let start = 0; start < rows.length; start += APPLY_SLICE) {
      await setImmediate();
      index.apply(rows.slice(start, start + APPLY_SLICE), []);
    }
  }
  if (changes.categories) index.setCategories(changes.categoryDigest, changes.categories);
}

/** Every product, batch by batch in the order of ids, and the snapshot to catch up from. */
async function loadIndex(db: Db): Promise<{ index: SearchIndex; snapshot: string }> {
  const [row] = rowsOf<{ snapshot: string; count: number }>(await db.execute(sql`select ${SNAPSHOT} as snapshot, count(*)::int as count from products`));
  const builder = new SearchIndexBuilder(row!.count + REBUILD_POLICY.after(row!.count));
  let after = 0;
  for (;;) {
    const rows = rowsOf<IndexRow>(
      await db.execute(sql`select ${INDEX_COLUMNS} from products where id > ${after} order by id limit ${LOAD_BATCH}`),
    );
    for (let start = 0; start < rows.length; start += APPLY_SLICE) {
      await setImmediate();
      builder.add(rows.slice(start, start + APPLY_SLICE));
    }
    if (rows.length < LOAD_BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  return { index: await builder.build(), snapshot: row!.snapshot };
}

/** Waits for `promise` at most `ms` (its rejection meanwhile passes on). */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  if (ms <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The index as a search reads it, and whether it has taken in every change announced before. */
export type IndexRead = { index: SearchIndex; complete: boolean };

export class LiveSearchIndex {
  private index: SearchIndex | null = null;
  /** The snapshot the index last looked from; set by the first build. */
  private snapshot = '';
  private building: Promise<void> | null = null;
  private running: { covers: number; done: Promise<void> } | null = null;
  private queued: Promise<void> | null = null;
  /** Changes announced so far, the last one searches wait for in full, and how many of them the index has looked past. */
  private announced = 0;
  private awaited = 0;
  private seen = 0;
  /** Until when searches wait for a look (SEARCH_WAIT_MS from the first search that waited for it). */
  private patience: { look: Promise<void>; until: number } | null = null;
  private lookedAt = 0;
  /** No rebuild for written products before then (`share`). */
  private rebuildFrom = 0;
  /** When a look last took in products written or deleted. */
  private changedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
    private readonly policy: RebuildPolicy = REBUILD_POLICY,
  ) {}

  /**
   * A change to the catalogue was announced: look at once, in the background, so the next search
   * usually finds the index up to date; it waits for the look otherwise, in full when `awaited`
   * (a change this process made), else at most SEARCH_WAIT_MS.
   */
  changed(awaited: boolean) {
    this.announced++;
    if (awaited) this.awaited = this.announced;
    if (this.index) this.look(this.announced).catch(this.onError);
  }

  /**
   * The index, with every change announced before this call, or as far as it has taken them in
   * when those it need not wait for in full take longer than SEARCH_WAIT_MS. The first call waits
   * for the build.
   */
  async current(): Promise<IndexRead> {
    if (!this.index) await this.build();
    const wanted = this.announced;
    if (this.seen < wanted || Date.now() - this.lookedAt >= LOOK_INTERVAL_MS) await this.waitForLook(wanted);
    return { index: this.index!, complete: this.seen >= wanted };
  }

  /** Resolves when no build or look is running (shutdown). */
  async settled() {
    await Promise.all([this.building?.catch(() => {}), this.running?.done.catch(() => {}), this.queued?.catch(() => {})]);
  }

  /** Builds the index from every product, then catches up with what changed meanwhile. Shared by concurrent callers. */
  build(): Promise<void> {
    this.building ??= (async () => {
      const started = Date.now();
      for (;;) {
        const { index, snapshot } = await loadIndex(this.db);
        const covers = this.announced;
        const lookedAt = Date.now();
        const changes = await readChanges(this.db, snapshot, index.categoryDigest);
        if (changes.deleted.includes(EMPTIED)) continue;
        await applyChanges(this.db, index, changes);
        this.install(index, changes.snapshot, covers, lookedAt);
        this.rebuildFrom = Date.now() + (Date.now() - started) * (1 / this.policy.share - 1);
        return;
      }
    })().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  /**
   * Waits for the look covering `wanted`: in full while a change this process made is not taken
   * in; else until SEARCH_WAIT_MS after the first search that waited for this look, so a request
   * that reads the index twice waits once.
   */
  private async waitForLook(wanted: number) {
    const look = this.look(wanted);
    if (this.seen < this.awaited) return look;
    if (this.patience?.look !== look) this.patience = { look, until: Date.now() + SEARCH_WAIT_MS };
    await within(look, this.patience.until - Date.now());
  }

  /**
   * A look covering the changes announced up to `wanted`: the running one if it does, else one
   * that starts when the running one ends, shared by everyone who asks meanwhile.
   */
  private look(wanted: number): Promise<void> {
    const running = this.running;
    if (running && running.covers >= wanted) return running.done;
    if (this.queued) return this.queued;
    if (!running) return this.start();
    const queued = running.done
      .catch(() => {})
      .then(() => {
        this.queued = null;
        return this.start();
      });
    this.queued = queued;
    return queued;
  }

  private start(): Promise<void> {
    const covers = this.announced;
    const done = this.catchUp(covers);
    const entry = { covers, done };
    this.running = entry;
    done
      .finally(() => {
        if (this.running === entry) this.running = null;
      })
      .catch(() => {});
    return done;
  }

  private async catchUp(covers: number) {
    const index = this.index!;
    const lookedAt = Date.now();
    if (lookedAt - this.lookedAt > DELETIONS_KEPT_MS) return this.build();
    const changes = await readChanges(this.db, this.snapshot, index.categoryDigest);
    // Built again meanwhile: that index is newer than what this look read.
    if (this.index !== index) return;
    if (changes.deleted.includes(EMPTIED)) return this.build();
    await applyChanges(this.db, index, changes);
    // Built again while the slices went in: that index is the newer one.
    if (this.index !== index) return;
    this.install(index, changes.snapshot, covers, lookedAt);
    const found = changes.changedIds.length > 0 || changes.deleted.length > 0;
    if (found) this.changedAt = Date.now();
    if (this.rebuildDue(index, found)) this.build().catch(this.onError);
  }

  /** `found`: this look took in written products, so the writes may not have stopped. */
  private rebuildDue(index: SearchIndex, found: boolean): boolean {
    const { after, cap, quietMs } = this.policy;
    const now = Date.now();
    if (index.freshCount <= after(index.size) || now < this.rebuildFrom) return false;
    return index.freshCount > cap(index.size) || (!found && now - this.changedAt >= quietMs);
  }

  private install(index: SearchIndex, snapshot: string, covers: number, lookedAt: number) {
    this.index = index;
    this.snapshot = snapshot;
    this.seen = covers;
    this.lookedAt = lookedAt;
  }
}
