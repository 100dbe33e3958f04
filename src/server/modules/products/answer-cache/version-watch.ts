import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connection.ts';
import type { CatalogChange } from '../catalog-events.ts';

/**
 * Keeps the memo of this process in step with changes made by other processes on the same
 * PostgreSQL server: a change here is written down (a shared counter for a change that may touch
 * any answer, a short list of the products whose stock orders took); a request here looks at both
 * at most once a second and drops the memo when the counter moved, or the answers showing the
 * listed products. A request that finds a look due (or running) waits for it before answering
 * from the memo: a look in the background would leave the first visitor after a quiet while with
 * an answer older than any second, however long ago the other process changed the catalogue.
 */
export class CatalogVersionWatch {
  private seen: string | null = null;
  /** The last stock notice taken into account (null before the first look), and this process's own since then. */
  private stockSeen: number | null = null;
  private readonly ownStock = new Set<number>();
  private lastCheck = 0;
  private looking: Promise<void> | null = null;
  private pending = new Set<Promise<unknown>>();

  constructor(
    private readonly io: {
      bump: () => Promise<string>;
      bumpStock: (productIds: readonly number[]) => Promise<number>;
      read: () => Promise<CatalogNotices>;
      onError: (error: unknown) => void;
    },
    private readonly onChange: (change: CatalogChange) => void,
    private readonly intervalMs = 1000,
  ) {}

  /** This process changed the catalogue: tell the others. */
  announce(change: CatalogChange) {
    if (change.kind === 'stock') {
      this.track(this.io.bumpStock(change.productIds).then((seq) => this.ownStock.add(seq)));
      return;
    }
    this.track(
      this.io.bump().then((version) => {
        this.seen = version;
      }),
    );
  }

  /**
   * Called on each catalogue request: null when the memo is known current (looked within the
   * last second), else the look to wait for before answering (it never rejects).
   */
  check(): Promise<void> | null {
    if (this.looking) return this.looking;
    const now = Date.now();
    if (now - this.lastCheck < this.intervalMs) return null;
    this.lastCheck = now;
    const look = this.track(this.io.read().then((notices) => this.take(notices))).finally(() => {
      this.looking = null;
    });
    this.looking = look;
    return look;
  }

  async settled() {
    await Promise.all(this.pending);
  }

  private take({ version, stock }: CatalogNotices) {
    const first = this.seen === null || this.stockSeen === null;
    const moved = this.seen !== null && version !== this.seen;
    const from = this.stockSeen ?? stock.seq;
    this.seen = version;
    this.stockSeen = stock.seq;
    if (first && !moved) return this.forgetOwn();
    if (moved) {
      this.forgetOwn();
      return this.onChange({ kind: 'catalogue' });
    }
    const products = new Set<number>();
    for (let seq = from + 1; seq <= stock.seq; seq++) {
      if (this.ownStock.has(seq)) continue;
      const listed = stock.recent[String(seq)];
      // Older than the list keeps (a process that did not look for a long while): anything may have changed.
      if (!listed) {
        this.forgetOwn();
        return this.onChange({ kind: 'catalogue' });
      }
      for (const id of listed) products.add(id);
    }
    this.forgetOwn();
    if (products.size > 0) this.onChange({ kind: 'stock', productIds: [...products] });
  }

  /** This process's notices up to the last one seen are behind it. */
  private forgetOwn() {
    for (const seq of this.ownStock) if (seq <= this.stockSeen!) this.ownStock.delete(seq);
  }

  private track<T>(promise: Promise<T>): Promise<void> {
    const tracked: Promise<void> = promise.then(() => {}, this.io.onError).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
    return tracked;
  }
}

// ---------------------------------------------------------------------------------------------
// The counter and the stock notices, in the settings table

const VERSION_KEY = 'catalog_version';
const STOCK_KEY = 'catalog_stock';
/**
 * Stock notices kept: at four orders a second, a minute's worth. A process that last looked
 * before the oldest of them drops its whole memo (its answers older than a minute expired anyway).
 */
const STOCK_NOTICES_KEPT = 256;

/**
 * What other processes announced: the counter ('' before the first change) and the stock
 * notices, numbered in the order they were written (each write waits for the one before it on
 * the row's lock), the last STOCK_NOTICES_KEPT with their products.
 */
export type CatalogNotices = { version: string; stock: { seq: number; recent: Record<string, number[]> } };

/** Announces a catalogue change to the other processes: a counter in the settings table. */
export async function bumpCatalogVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ v: string }>(
    await db.execute(sql`
      insert into settings (key, value, updated_at) values (${VERSION_KEY}, '1'::jsonb, now())
      on conflict (key) do update set value = to_jsonb(coalesce((settings.value #>> '{}')::bigint, 0) + 1), updated_at = now()
      returning value #>> '{}' as v`),
  );
  return String(row?.v ?? '');
}

/** Announces that orders took these products' stock: the next numbered notice, the one past the kept ones forgotten. */
export async function noteStockChange(db: Db, productIds: readonly number[]): Promise<number> {
  const ids = JSON.stringify(productIds);
  const next = sql`(settings.value ->> 'seq')::bigint + 1`;
  const [row] = rowsOf<{ seq: string }>(
    await db.execute(sql`
      insert into settings (key, value, updated_at)
      values (${STOCK_KEY}, jsonb_build_object('seq', 1, 'recent', jsonb_build_object('1', ${ids}::jsonb)), now())
      on conflict (key) do update set
        value = jsonb_build_object('seq', ${next},
          'recent', ((settings.value -> 'recent') - (${next} - ${STOCK_NOTICES_KEPT})::text) || jsonb_build_object((${next})::text, ${ids}::jsonb)),
        updated_at = now()
      returning value ->> 'seq' as seq`),
  );
  return Number(row!.seq);
}

/** The counter and the stock notices as the database has them. */
export async function readCatalogNotices(db: Db): Promise<CatalogNotices> {
  const [row] = rowsOf<{ version: string | null; stock: CatalogNotices['stock'] | null }>(
    await db.execute(sql`
      select (select value #>> '{}' from settings where key = ${VERSION_KEY}) as version,
        (select value from settings where key = ${STOCK_KEY}) as stock`),
  );
  return { version: row?.version ?? '', stock: row?.stock ? { seq: Number(row.stock.seq), recent: row.stock.recent } : { seq: 0, recent: {} } };
}
