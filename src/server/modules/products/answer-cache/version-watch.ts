import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connection.ts';

/**
 * Keeps the memo of this process in step with changes made by other processes on the same
 * PostgreSQL server: a change here bumps a shared counter; a request here looks at the counter
 * at most once a second and drops the memo when it moved. A request that finds a look due (or
 * running) waits for it before answering from the memo: a look in the background would leave
 * the first visitor after a quiet while with an answer older than any second, however long ago
 * the other process changed the catalogue.
 */
export class CatalogVersionWatch {
  private seen: string | null = null;
  private lastCheck = 0;
  private looking: Promise<void> | null = null;
  private pending = new Set<Promise<unknown>>();

  constructor(
    private readonly io: { bump: () => Promise<string>; read: () => Promise<string>; onError: (error: unknown) => void },
    private readonly onChange: () => void,
    private readonly intervalMs = 1000,
  ) {}

  /** This process changed the catalogue: tell the others. */
  announce() {
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
    const look = this.track(
      this.io.read().then((version) => {
        if (this.seen !== null && version !== this.seen) this.onChange();
        this.seen = version;
      }),
    ).finally(() => {
      this.looking = null;
    });
    this.looking = look;
    return look;
  }

  async settled() {
    await Promise.all(this.pending);
  }

  private track(promise: Promise<unknown>): Promise<void> {
    const tracked: Promise<void> = promise.then(() => {}, this.io.onError).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
    return tracked;
  }
}

// ---------------------------------------------------------------------------------------------
// The counter, in the settings table

const VERSION_KEY = 'catalog_version';

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

/** The catalogue version as the database has it ('' before the first change). */
export async function readCatalogVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ v: string }>(await db.execute(sql`select value #>> '{}' as v from settings where key = ${VERSION_KEY}`));
  return String(row?.v ?? '');
}
