import { ResponseCache } from '../../core/http-cache.ts';
import type { Lexicon } from './search.ts';

/** How long anything derived from the catalogue is kept without an announced change. */
export const CATALOG_TTL_MS = 60_000;
/** The typo vocabulary is rebuilt after changes, but not more often than this. */
export const LEXICON_REFRESH_MS = 60_000;

/** Number of active products per category, supplier and "has a price": totals without count(*). */
export type Facet = { categoryId: number | null; supplier: string | null; priced: boolean; n: number };

/** A search's ranked result: ids best first (at most the ranking cap), the total, whether it was capped. */
export type RankedIds = { ids: number[]; total: number; capped: boolean };

/**
 * What the catalogue derives from the database and keeps per process, all dropped together when
 * the catalogue changes: the serialised answers, the facet counts, ranked search results, and the
 * vocabulary for typo corrections (rebuilt in the background: a stale one only suggests words).
 */
export class CatalogMemo {
  readonly responses = new ResponseCache({ ttlMs: CATALOG_TTL_MS, maxBytes: 64 * 1024 * 1024 });
  private readonly derived = new Map<string, { at: number; generation: number; promise: Promise<unknown> }>();
  private readonly searches = new Map<string, { at: number; value: RankedIds }>();
  private lexiconState: { value: Lexicon | null; stale: boolean; builtAt: number; building: Promise<Lexicon> | null } = {
    value: null,
    stale: true,
    builtAt: 0,
    building: null,
  };

  invalidate() {
    this.responses.invalidate();
    this.derived.clear();
    this.searches.clear();
    this.lexiconState.stale = true;
  }

  /**
   * A value derived from the whole catalogue (facet counts, the sales figure of the best sellers),
   * computed once per catalogue version; concurrent callers share the work.
   */
  once<T>(name: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const generation = this.responses.currentGeneration;
    const hit = this.derived.get(name);
    if (hit && hit.generation === generation && now - hit.at < CATALOG_TTL_MS) return hit.promise as Promise<T>;
    const promise = load();
    const entry = { at: now, generation, promise };
    this.derived.set(name, entry);
    promise.catch(() => {
      if (this.derived.get(name) === entry) this.derived.delete(name);
    });
    return promise;
  }

  /** A ranked search result, computed once per catalogue version and key. */
  async search(key: string, rank: () => Promise<RankedIds>): Promise<RankedIds> {
    const hit = this.searches.get(key);
    if (hit && Date.now() - hit.at < CATALOG_TTL_MS) return hit.value;
    const generation = this.responses.currentGeneration;
    const value = await rank();
    if (generation === this.responses.currentGeneration) {
      if (this.searches.size >= 2000) this.searches.delete(this.searches.keys().next().value!);
      this.searches.set(key, { at: Date.now(), value });
    }
    return value;
  }

  /**
   * The vocabulary: the first call waits for it; later calls get the current one at once and,
   * after a catalogue change, start a rebuild in the background, at most once a minute (a bulk
   * import announces a change per product; the vocabulary only suggests words).
   */
  async lexicon(build: () => Promise<Lexicon>): Promise<Lexicon> {
    const state = this.lexiconState;
    const due = !state.value || Date.now() - state.builtAt >= LEXICON_REFRESH_MS;
    if (state.stale && due && !state.building) {
      state.stale = false;
      state.building = build()
        .then((lexicon) => {
          state.value = lexicon;
          state.builtAt = Date.now();
          return lexicon;
        })
        .catch((error: unknown) => {
          state.stale = true;
          throw error;
        })
        .finally(() => {
          state.building = null;
        });
      // A background rebuild that fails leaves the old vocabulary in use; the next call retries.
      state.building.catch(() => {});
    }
    if (state.value) return state.value;
    return state.building ?? build();
  }

  /** Resolves when no vocabulary build is running (tests and shutdown). */
  async settled() {
    await this.lexiconState.building?.catch(() => {});
  }
}

/**
 * Keeps the memo of this process in step with changes made by other processes on the same
 * PostgreSQL server: a change here bumps a shared counter; a request here looks at the counter
 * at most once a second (in the background) and drops the memo when it moved.
 */
export class CatalogVersionWatch {
  private seen: string | null = null;
  private lastCheck = 0;
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

  /** Called on each catalogue request; cheap unless a check is due. */
  check() {
    const now = Date.now();
    if (now - this.lastCheck < this.intervalMs) return;
    this.lastCheck = now;
    this.track(
      this.io.read().then((version) => {
        if (this.seen !== null && version !== this.seen) this.onChange();
        this.seen = version;
      }),
    );
  }

  async settled() {
    await Promise.all(this.pending);
  }

  private track(promise: Promise<unknown>) {
    const tracked = promise.catch(this.io.onError).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }
}
