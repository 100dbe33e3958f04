import { ResponseCache } from '../../../core/http-cache.ts';

/** How long anything derived from the catalogue is kept without an announced change. */
export const CATALOG_TTL_MS = 60_000;

/**
 * Whose stock an answer shows, so that an order drops only the answers it changes: the products
 * it shows (a product page, a list's cards), and `byAvailability` for a list filtered by
 * availability (in stock, in a branch), whose members and counts follow every product's stock.
 */
export type StockShown = { productIds: readonly number[]; byAvailability: boolean };

const AVAILABILITY_TAG = 'availability';
const productTag = (id: number) => `product:${id}`;

/** The answer cache's tags of what an answer shows. */
export function stockTags(shown: StockShown): string[] {
  const tags = shown.productIds.map(productTag);
  if (shown.byAvailability) tags.push(AVAILABILITY_TAG);
  return tags;
}

/**
 * What the catalogue's answers derive from the database and keep per process: the serialised
 * answers and values derived from the whole catalogue (the facet counts), all dropped together
 * when the catalogue changes, and only the answers showing their stock when an order changes
 * some products' stock. Search keeps its own (search/catalog-search.ts).
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

  /**
   * The stock of these products changed, nothing else (an order): the answers that show it go,
   * with the lists filtered by availability. The derived values hold no stock and stay.
   */
  dropStockOf(productIds: readonly number[]) {
    this.responses.drop(stockTags({ productIds, byAvailability: true }));
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
