import type { Db } from '../../../db/connection.ts';
import type { SearchSuggestions } from '#shared/search-suggestions.ts';
import type { Sort, Supplier } from '#shared/constants.ts';
import type { ProductStatusFilter } from '#shared/schemas/catalog.ts';
import type { CatalogChange } from '../catalog-events.ts';
import { LiveSearchIndex } from './live-index.ts';
import { SearchIndex, type CountedCategory, type IndexedProduct, type Matched } from './search-index.ts';
import { correctReading, matchAnyGroup, matchReadings, planSearch, readingWords, type Match, type Reading } from './query.ts';
import { rankCandidates } from './rank.ts';
import { scanFacets, type CountedAttribute, type ScanResult, type SlotQuery } from './facet-scan.ts';

export type { CountedAttribute, CountedValues, Range, SlotQuery } from './facet-scan.ts';

/** A filtered list's page and the counts of its filters' options. */
export type FilteredIds = Omit<RankedIds, 'ids'> & { ids: number[]; counts: Omit<ScanResult, 'slots'> };
import { Stemmer } from './stems.ts';
import { suggestSearch } from './suggest.ts';
import { Vocabulary } from './vocabulary.ts';

/**
 * Search of the catalogue, all in one place: the query's readings, synonyms, SKU fragments and
 * typo corrections (query.ts), matched against this process's search index (search-index.ts,
 * kept in step by live-index.ts) and ranked (rank.ts). See docs/decisions/006 and 013.
 *
 * At most SEARCH_RANK_CAP matches are ranked (plus the best sellers among the matches): up to that
 * many the ranking is exact; beyond it the customer pages through the best-ranked SEARCH_RANK_CAP.
 */

export const SEARCH_RANK_CAP = 600;
/** How long a ranked result is kept without an announced change (as the answers are). */
const RANKED_TTL_MS = 60_000;
/** Ranked results kept per process. */
const MAX_RANKED = 2000;

/** Which products a list or a search covers. */
export type CatalogFilter = { categoryId?: number; supplier?: Supplier; status: ProductStatusFilter };

/**
 * A search's result: ids best first (at most the ranking cap), the total, whether it was capped,
 * and the query as it was read when what was typed found nothing (a typo, the other layout).
 */
export type RankedIds = { ids: number[]; total: number; capped: boolean; correctedQuery?: string };

export class CatalogSearch {
  private readonly live: LiveSearchIndex;
  private readonly stemmer: Stemmer;
  private readonly vocabulary: Vocabulary;
  private readonly ranked = new Map<string, { at: number; value: RankedIds }>();
  private generation = 0;
  private readonly lagListeners = new Set<() => void>();

  constructor(db: Db, onError: (error: unknown) => void) {
    this.live = new LiveSearchIndex(db, onError);
    this.stemmer = new Stemmer(db);
    this.vocabulary = new Vocabulary(db);
  }

  /**
   * The catalogue changed, in this process (`here`) or another: the index looks again. Ranked
   * results and the typo vocabulary go unless only stock changed (an order: they hold none; the
   * order of best sellers follows within their minute). A search waits for the index to take in
   * a change made here, and for others' and orders' at most SEARCH_WAIT_MS (live-index.ts).
   */
  changed(change: CatalogChange, here: boolean) {
    if (change.kind === 'catalogue') {
      this.generation++;
      this.ranked.clear();
      this.vocabulary.changed();
    }
    this.live.changed(here && change.kind === 'catalogue');
  }

  /**
   * Tells `listener` each time a search reads the index before it has taken in every announced
   * change: whatever is being made from the index now must not be kept.
   */
  onLagging(listener: () => void): () => void {
    this.lagListeners.add(listener);
    return () => this.lagListeners.delete(listener);
  }

  /** Builds the index and the typo vocabulary in the background, so no customer waits for them. */
  async warmUp(): Promise<unknown> {
    const index = await this.index();
    return this.vocabulary.lexicon(index.nameWords);
  }

  /**
   * A list narrowed by the catalogue's filters (docs/decisions/034), the page's ids and the counts
   * of every option. With a query the universe is its ranked matches in their order (at most the
   * ranking cap); else the products of the filter, sorted as the SQL lists sort.
   */
  async filtered(params: {
    query: string;
    filter: CatalogFilter;
    slots: SlotQuery;
    counted: CountedAttribute[];
    sort: Sort;
    offset: number;
    limit: number;
  }): Promise<FilteredIds> {
    const ranked = params.query ? await this.rank(params.query, params.filter, params.sort) : null;
    const index = await this.index();
    const universe = ranked ? index.slotsOfIds(ranked.ids) : index.universe(params.filter);
    const scan = scanFacets(index.filters, universe, params.slots, params.counted);
    const end = params.offset + params.limit;
    const page = ranked ? scan.slots.slice(params.offset, end) : index.firstSlots(scan.slots, params.sort, end).slice(params.offset);
    return {
      ids: index.idsOf(page),
      total: scan.slots.length,
      capped: ranked?.capped ?? false,
      correctedQuery: ranked?.correctedQuery,
      counts: scan,
    };
  }

  /** «Похожие товары»: the ids of the products nearest to one (SearchIndex.nearestIds). */
  async nearestIds(productId: number, count: number): Promise<number[]> {
    return (await this.index()).nearestIds(productId, count) ?? [];
  }

  async settled() {
    await Promise.all([this.live.settled(), this.vocabulary.settled()]);
  }

  /** The index as far as it has taken changes in; read short of one, ranked results and answers being made are not kept. */
  private async index(): Promise<SearchIndex> {
    const { index, complete } = await this.live.current();
    if (!complete) {
      this.generation++;
      for (const listener of this.lagListeners) listener();
    }
    return index;
  }

  /** The ranked ids of a normalised query, computed once per catalogue version, filter and sort. */
  async rank(query: string, filter: CatalogFilter, sort: Sort): Promise<RankedIds> {
    const key = JSON.stringify([query, filter.categoryId ?? null, filter.supplier ?? null, filter.status, sort]);
    const hit = this.ranked.get(key);
    if (hit && Date.now() - hit.at < RANKED_TTL_MS) return hit.value;
    const generation = this.generation;
    const value = await this.compute(query, filter, sort);
    if (generation === this.generation) {
      if (this.ranked.size >= MAX_RANKED) this.ranked.delete(this.ranked.keys().next().value!);
      this.ranked.set(key, { at: Date.now(), value });
    }
    return value;
  }

  /**
   * The ranked ids of a normalised query, not kept: for the back office's look-ups (the catalogue
   * adapter's suggestions), which would only crowd customers' searches out of the kept results.
   */
  async match(query: string, filter: CatalogFilter): Promise<RankedIds> {
    return this.compute(query, filter, 'featured');
  }

  /** Search as you type (suggest.ts): the header field's categories and products for what is typed so far. */
  suggest(typed: string): Promise<SearchSuggestions> {
    return suggestSearch(this, typed);
  }

  /**
   * What suggestions show, from the index as of its last look (no query for rows): the active
   * products among `ids` in their order, and the categories holding active products.
   */
  async shown(ids: number[]): Promise<{ products: IndexedProduct[]; categories: CountedCategory[] }> {
    const index = await this.index();
    return { products: index.activeProducts(ids), categories: index.countedCategories() };
  }

  /**
   * A category's first products in the catalogue's own order (featured, then best sellers), from
   * the index: what suggestions show for a fragment too short to search by that names a category.
   */
  async leadingProducts(categoryId: number, count: number): Promise<IndexedProduct[]> {
    const index = await this.index();
    const slots = index.firstSlots(Array.from(index.universe({ categoryId, status: 'active' })), 'featured', count);
    return index.activeProducts(index.idsOf(slots));
  }

  /**
   * First the words as typed (and as if typed in the other layout, with synonyms) and SKU
   * fragments; with nothing found, words the catalogue does not know are widened by the catalogue
   * words they may be typos of; still nothing, and a product matching any of several words will
   * do, those with more of them in the name first.
   */
  private async compute(query: string, filter: CatalogFilter, sort: Sort): Promise<RankedIds> {
    const plan = planSearch(query);
    const index = await this.index();
    const ranked = (found: Matched | null, words: string[], stems: Map<string, string[]>, skus: string[]): RankedIds => {
      const { products, matched } = index.candidates(found, filter, SEARCH_RANK_CAP);
      const ids = rankCandidates(products, words.flatMap((word) => stems.get(word)!), skus, sort, query).slice(0, SEARCH_RANK_CAP);
      return { ids, total: ids.length, capped: matched > SEARCH_RANK_CAP };
    };
    const run = async (match: Match | null, skus: string[], readings: Reading[]): Promise<RankedIds> => {
      const words = readingWords(readings);
      const stems = await this.stemmer.stems(words);
      return ranked(index.matching(match, stems, skus), words, stems, skus);
    };

    // The words as typed are looked up once: their matches are part of the exact ones, and whether
    // any is within the filter tells whether the other layout was meant.
    const words = readingWords(plan.readings);
    const stems = await this.stemmer.stems(words);
    const typed = index.matching(matchReadings(plan.asTyped.readings), stems, plan.asTyped.skus);
    const typedFound = plan.otherLayout !== null && index.anyWithin(typed, filter);
    const layout = index.matching(matchReadings(plan.layout.readings), stems, plan.layout.skus);
    const exact = ranked(SearchIndex.union(typed, layout), words, stems, plan.skus);
    if (exact.total > 0 && plan.otherLayout) return typedFound ? exact : { ...exact, correctedQuery: plan.otherLayout };
    if (exact.total > 0 || plan.readings.length === 0) return exact;

    const lexicon = await this.vocabulary.lexicon(index.nameWords);
    const corrected = plan.readings.map((reading) => correctReading(reading, lexicon));
    const readings = corrected.map((c) => c.reading);
    const changed = corrected.find((c) => c.changed);
    if (changed) {
      const fixed = await run(matchReadings(readings), [], readings);
      if (fixed.total > 0) return { ...fixed, correctedQuery: changed.text };
    }
    if (readings.some((reading) => reading.length > 1)) return run(matchAnyGroup(readings), [], readings);
    return exact;
  }
}

const searches = new WeakMap<Db, CatalogSearch>();

/**
 * This process's search of the catalogue in `db`: one index per database, made by whoever asks
 * first. The catalogue's routes keep it in step with changes; back-office modules (the catalogue
 * adapter) search with it instead of building a second index.
 */
export function catalogSearchOf(db: Db, onError: (error: unknown) => void): CatalogSearch {
  let search = searches.get(db);
  if (!search) {
    search = new CatalogSearch(db, onError);
    searches.set(db, search);
  }
  return search;
}
