import { ResponseCache } from '../../../core/http-cache.ts';

/** How long anything derived from the catalogue is kept without an announced change. */
export const CATALOG_TTL_MS = 60_000;

/**
 * What the catalogue's answers derive from the database and keep per process, all dropped
 * together when the catalogue changes: the serialised answers and values derived from the whole
 * catalogue (the facet counts). Search keeps its own (search/catalog-search.ts).
 */
export class CatalogMemo {
  readonly responses: ResponseCache;
  private readonly derived = new Map<string, { at: number; generation: number; promise: Promise<unknown> }>();

  /** `onLookup`: told of every lookup of a serialised answer, found or not (/metrics). */
  constructor(onLookup?: (hit: boolean) => void) {
    this.responses = new ResponseCache({ ttlMs: CATALOG_TTL_MS, maxBytes: 64 * 1024 * 1024, onLookup });
  }

  invalidate() {
    this.responses.invalidate();
    this.derived.clear();
  }

  /** A value derived from the whole catalogue, computed once per catalogue version; concurrent callers share the work. */
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
}
