import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Sort } from '#shared/constants.ts';
import { FilterColumns, type FilterRow } from './filter-columns.ts';
import { nearness } from './nearness.ts';
import { nameAsWords, tokenize, type Match } from './query.ts';

/**
 * The catalogue as search needs it, in this process's memory: per product what filters and ranks
 * it, and the words it is found by — the lexemes of its `search_vector`, so morphology stays
 * PostgreSQL's Russian stemmer. A query is answered with set operations on bitsets, without the
 * database (docs/decisions/013).
 *
 * Products sit in slots in the order of their ids. The bulk of the lexemes is one immutable
 * inverted index (`Postings`) built with the index; products written since then keep their own
 * lexemes (`fresh`) and override what the postings say about their slot.
 *
 * The catalogue's filters (brand, price, stock, characteristics) read typed arrays per slot kept
 * alongside (filter-columns.ts), so a filtered list and its counts need no SQL either.
 */

/** What search ranks by, and what a suggestion shows of a product (so it needs no query for rows). */
export type IndexedProduct = {
  id: number;
  /** As search compares names: nameAsWords(name). */
  name: string;
  /** The name as written. */
  shownName: string;
  slug: string;
  sku: string;
  skuNorm: string;
  imageUrl: string | null;
  categoryId: number | null;
  supplier: string | null;
  isActive: boolean;
  isFeatured: boolean;
  salesCount: number;
  priceKopecks: number | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
};

/** A product as the database sends it to the index: its lexemes separated by spaces, and what filters it. */
export type IndexRow = Omit<IndexedProduct, 'shownName'> & Omit<FilterRow, 'priceKopecks'> & { lexemes: string };

/** A category as the database sends it to the index, in the catalogue's order (sort order, id). */
export type CategoryRow = { id: number; name: string; slug: string };

/** A category as suggestions search it: the words of its name, and its active products. */
export type CountedCategory = CategoryRow & { words: string[]; count: number };

/** The part of a row the filters keep. */
const filterRowOf = (row: IndexRow): FilterRow => ({
  brand: row.brand,
  priceKopecks: row.priceKopecks,
  inStock: row.inStock,
  branchIds: row.branchIds,
  attributes: row.attributes,
});

/**
 * The part of a row search ranks by and suggestions show, its name as search compares names.
 * Every field named: built by spreading the database's row, 100 000 products took 134 MB of heap
 * instead of 90 (decision 034).
 */
const productOf = (row: IndexRow): IndexedProduct => ({
  id: row.id,
  name: nameAsWords(row.name),
  shownName: row.name,
  slug: row.slug,
  sku: row.sku,
  skuNorm: row.skuNorm,
  imageUrl: row.imageUrl,
  categoryId: row.categoryId,
  supplier: row.supplier,
  isActive: row.isActive,
  isFeatured: row.isFeatured,
  salesCount: row.salesCount,
  priceKopecks: row.priceKopecks,
  createdAt: row.createdAt,
});

/** Which products a search covers. */
export type IndexFilter = { categoryId?: number; supplier?: string; status: 'active' | 'inactive' | 'all' };

/**
 * Slots put together per turn of the event loop while a new index is built: the index in use
 * keeps answering in between (built in one go, 100 000 products held every request for a few
 * hundred milliseconds).
 */
const BUILD_SLICE = 5000;

/** One bit per slot. */
type Bits = Uint32Array;
/** The slots a search matched (SearchIndex.matching). */
export type Matched = Bits;

const newBits = (slots: number): Bits => new Uint32Array((slots + 31) >>> 5);
const setBit = (bits: Bits, slot: number) => {
  bits[slot >>> 5]! |= 1 << (slot & 31);
};

function and(a: Bits, b: Bits): Bits {
  for (let i = 0; i < a.length; i++) a[i]! &= b[i]!;
  return a;
}

function or(a: Bits, b: Bits): Bits {
  for (let i = 0; i < a.length; i++) a[i]! |= b[i]!;
  return a;
}

const splitLexemes = (text: string) => (text ? text.split(' ') : []);

/** Words of a normalised name as the typo vocabulary counts them: runs of letters, three or more. */
const nameWords = (name: string) => name.split(/[^\p{L}]+/u).filter((word) => word.length >= 3);

/** Adds `step` to the count of each word of the name (words repeated in it count each time). */
function countNameWords(counts: Map<string, number>, name: string, step: 1 | -1) {
  for (const word of nameWords(name)) {
    const count = (counts.get(word) ?? 0) + step;
    if (count > 0) counts.set(word, count);
    else counts.delete(word);
  }
}

/** Slots per lexeme, compressed into two arrays; each list ascending. */
class Postings {
  private constructor(
    private readonly ids: Map<string, number>,
    private readonly offsets: Int32Array,
    private readonly slots: Int32Array,
  ) {}

  /** From the lexeme ids of each slot: those of slot s are `lexemes[starts[s]…starts[s + 1])`. */
  static async build(ids: Map<string, number>, lexemes: Int32Array, starts: number[]): Promise<Postings> {
    const slotCount = starts.length - 1;
    const offsets = new Int32Array(ids.size + 1);
    for (let from = 0; from < slotCount; from += BUILD_SLICE) {
      if (from > 0) await nextTurn();
      const end = starts[Math.min(from + BUILD_SLICE, slotCount)]!;
      for (let i = starts[from]!; i < end; i++) offsets[lexemes[i]! + 1]!++;
    }
    for (let id = 0; id < ids.size; id++) offsets[id + 1]! += offsets[id]!;
    const slots = new Int32Array(offsets[ids.size]!);
    const next = offsets.slice(0, ids.size);
    for (let from = 0; from < slotCount; from += BUILD_SLICE) {
      await nextTurn();
      for (let slot = from; slot < Math.min(from + BUILD_SLICE, slotCount); slot++) {
        for (let i = starts[slot]!; i < starts[slot + 1]!; i++) slots[next[lexemes[i]!]!++] = slot;
      }
    }
    return new Postings(ids, offsets, slots);
  }

  /** Sets the bit of every slot listed under `lexeme`, except those `skip` marks. */
  mark(lexeme: string, bits: Bits, skip: Uint8Array) {
    const id = this.ids.get(lexeme);
    if (id === undefined) return;
    for (let i = this.offsets[id]!; i < this.offsets[id + 1]!; i++) {
      const slot = this.slots[i]!;
      if (!skip[slot]) setBit(bits, slot);
    }
  }
}

/** The code of a Latin letter or digit, 0–35; -1 for anything else (SKU fragments hold only these). */
function skuCharCode(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 22;
  return -1;
}

/** Each run of three Latin letters and digits as one number, 0 … 36³ − 1, in order; -1 for a run with another character. */
function forEachTrigram(text: string, visit: (trigram: number) => void) {
  for (let at = 0; at + 3 <= text.length; at++) {
    const a = skuCharCode(text, at);
    const b = skuCharCode(text, at + 1);
    const c = skuCharCode(text, at + 2);
    visit(a < 0 || b < 0 || c < 0 ? -1 : (a * 36 + b) * 36 + c);
  }
}

/** The SKUs of the built slots as one text, so a fragment is found by the engine's indexOf. */
class SkuText {
  private readonly text: string;
  private readonly starts: Int32Array;
  /**
   * 1 for every three characters some SKU holds: a fragment with three no SKU holds is not looked
   * for through the whole text (about half a millisecond at 100 000 products), as most Latin words
   * typed in the wrong layout («lhtkm») are not.
   */
  private readonly trigrams = new Uint8Array(36 ** 3);

  constructor(skus: string[]) {
    this.text = skus.join('\n');
    this.starts = new Int32Array(skus.length + 1);
    for (let i = 0; i < skus.length; i++) this.starts[i + 1] = this.starts[i]! + skus[i]!.length + 1;
    for (const sku of skus) {
      forEachTrigram(sku, (trigram) => {
        if (trigram >= 0) this.trigrams[trigram] = 1;
      });
    }
  }

  mark(fragment: string, bits: Bits, skip: Uint8Array) {
    let held = true;
    forEachTrigram(fragment, (trigram) => {
      if (trigram >= 0 && !this.trigrams[trigram]) held = false;
    });
    if (!held) return;
    let at = this.text.indexOf(fragment);
    while (at >= 0) {
      const slot = this.slotAt(at);
      if (!skip[slot]) setBit(bits, slot);
      at = this.text.indexOf(fragment, this.starts[slot + 1]!);
    }
  }

  private slotAt(position: number): number {
    let low = 0;
    let high = this.starts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.starts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * The `count` first of `items` under `compare` (a total order), in that order: one pass keeping
 * a sorted run, so most items cost one comparison with the run's last.
 */
function firstInOrder(items: number[], count: number, compare: (a: number, b: number) => number): number[] {
  const run: number[] = [];
  for (const item of items) {
    if (run.length === count && compare(item, run[count - 1]!) >= 0) continue;
    let low = 0;
    let high = run.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(run[middle]!, item) < 0) low = middle + 1;
      else high = middle;
    }
    run.splice(low, 0, item);
    if (run.length > count) run.pop();
  }
  return run;
}

/**
 * The `count` most popular of slots offered in ascending order, a tie going to the later (newer)
 * one: a heap with the weakest kept on top, so most slots are compared with it once and go. It
 * replaced sorting the best so far with each batch, which was most of a broad word's search.
 */
class Strongest {
  private readonly heap: Int32Array;
  private size = 0;

  constructor(
    count: number,
    private readonly popularity: Float64Array,
  ) {
    this.heap = new Int32Array(count);
  }

  offer(slot: number) {
    const heap = this.heap;
    if (this.size < heap.length) {
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >>> 1;
        if (!this.weaker(slot, heap[parent]!)) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = slot;
    } else if (heap.length > 0 && this.popularity[slot]! >= this.popularity[heap[0]!]!) {
      // Later than every slot held, so as popular is stronger.
      let at = 0;
      for (;;) {
        let child = 2 * at + 1;
        if (child >= heap.length) break;
        if (child + 1 < heap.length && this.weaker(heap[child + 1]!, heap[child]!)) child++;
        if (!this.weaker(heap[child]!, slot)) break;
        heap[at] = heap[child]!;
        at = child;
      }
      heap[at] = slot;
    }
  }

  /** The slots kept, in no particular order. */
  slots(): Int32Array {
    return this.heap.subarray(0, this.size);
  }

  private weaker(a: number, b: number): boolean {
    const pa = this.popularity[a]!;
    const pb = this.popularity[b]!;
    return pa < pb || (pa === pb && a < b);
  }
}

/** Lists whose slots are kept at most (a category, a supplier and a status each). */
const MAX_UNIVERSES = 500;

/** Slot states. */
const ABSENT = 0;
const INACTIVE = 1;
const ACTIVE = 2;

/** Featured products above all others, then by sales: one number per slot. */
const popularityOf = (p: IndexedProduct) => (p.isFeatured ? 2 ** 32 : 0) + Math.min(Math.max(p.salesCount, 0), 2 ** 32 - 1);

export class SearchIndex {
  private readonly products: (IndexedProduct | null)[] = [];
  private readonly slotOf = new Map<number, number>();
  private readonly postings: Postings;
  private readonly skus: SkuText;
  /** Lexemes of the products written since the postings were built, by slot (a tsvector's, so each once). */
  private readonly fresh = new Map<number, string[]>();
  private readonly freshByLexeme = new Map<string, Set<number>>();
  private readonly supplierCodes = new Map<string, number>();
  /** Words of active products' names with how often they occur: the typo vocabulary (vocabulary.ts). */
  private readonly words: Map<string, number>;
  // What every match is filtered and sampled by, in typed arrays: a broad word's tens of thousands
  // of matches are passed over without touching their objects.
  private state = new Uint8Array(0);
  private category = new Int32Array(0);
  private supplier = new Uint8Array(0);
  private popularity = new Float64Array(0);
  /** The lists' slots by status, category and supplier (universe()); emptied by every change. */
  private readonly universes = new Map<string, Int32Array>();
  /** 1 for the slots whose postings and SKU text are out of date (in `fresh` or deleted). */
  private outdated = new Uint8Array(0);
  /** The catalogue's categories in its order with the words of their names, and a digest telling whether they changed. */
  private categories: (CategoryRow & { words: string[] })[] = [];
  private categoriesDigest = '';
  /** Active products per category id. */
  private readonly activeCounts = new Map<number, number>();

  /** What the catalogue's filters read, per slot. */
  readonly filters: FilterColumns;

  /** Use SearchIndexBuilder. */
  private constructor(postings: Postings, skus: SkuText, words: Map<string, number>, filters: FilterColumns) {
    this.postings = postings;
    this.skus = skus;
    this.words = words;
    this.filters = filters;
    // As many slots as the filters hold: the builder leaves room for the products to come.
    this.grow(filters.capacity);
  }

  /** The index of `products` (slot by slot), a slice of them per turn of the event loop. */
  static async assemble(products: IndexedProduct[], postings: Postings, words: Map<string, number>, filters: FilterColumns): Promise<SearchIndex> {
    const index = new SearchIndex(postings, new SkuText(products.map((product) => product.skuNorm)), words, filters);
    for (let from = 0; from < products.length; from += BUILD_SLICE) {
      await nextTurn();
      for (let slot = from; slot < Math.min(from + BUILD_SLICE, products.length); slot++) index.put(slot, products[slot]!);
    }
    index.outdated.fill(0);
    return index;
  }

  /** Products written since the index was built; a large number calls for a rebuild. */
  get freshCount() {
    return this.fresh.size;
  }

  get size() {
    return this.slotOf.size;
  }

  /** Words of active products' names with their counts; kept up to date by `apply`. */
  get nameWords(): ReadonlyMap<string, number> {
    return this.words;
  }

  /** What the categories were when the index last read them: it reads them again when the database's differs. */
  get categoryDigest() {
    return this.categoriesDigest;
  }

  /** Takes in the categories as they now are (all of them, in the catalogue's order). */
  setCategories(digest: string, categories: CategoryRow[]) {
    this.categoriesDigest = digest;
    this.categories = categories.map((category) => ({ ...category, words: tokenize(category.name) }));
  }

  /** Takes in products written and deleted since the index last looked. */
  apply(changed: IndexRow[], deletedIds: number[]) {
    if (changed.length > 0 || deletedIds.length > 0) this.universes.clear();
    for (const id of deletedIds) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      this.forget(slot);
      this.uncount(slot);
      this.countActive(slot, -1);
      this.products[slot] = null;
      this.filters.clear(slot);
      this.state[slot] = ABSENT;
      this.outdated[slot] = 1;
      this.slotOf.delete(id);
    }
    for (const row of changed) {
      const product = productOf(row);
      const slot = this.slotOf.get(product.id) ?? this.products.length;
      if (slot >= this.state.length) this.grow(Math.max(64, slot * 2));
      this.forget(slot);
      this.uncount(slot);
      this.put(slot, product);
      this.filters.put(slot, filterRowOf(row));
      if (product.isActive) countNameWords(this.words, product.name, 1);
      const own = splitLexemes(row.lexemes);
      this.fresh.set(slot, own);
      for (const lexeme of own) {
        const slots = this.freshByLexeme.get(lexeme);
        if (slots) slots.add(slot);
        else this.freshByLexeme.set(lexeme, new Set([slot]));
      }
    }
  }

  /**
   * The slots of the products matching `match` (stems: each word's lexemes, none for a stop word)
   * or containing a SKU fragment, whatever their status; null when there is nothing to look for.
   */
  matching(match: Match | null, stems: Map<string, string[]>, skus: string[]): Matched | null {
    let bits = match ? this.evaluate(match, stems) : null;
    for (const fragment of skus) bits = or(bits ?? newBits(this.products.length), this.skuBits(fragment));
    return bits;
  }

  /** The slots matching either; takes both over (what was passed is not to be used again). */
  static union(a: Matched | null, b: Matched | null): Matched | null {
    return a && b ? or(a, b) : (a ?? b);
  }

  /** Whether any of the matches is within `filter`: it stops at the first. */
  anyWithin(matched: Matched | null, filter: IndexFilter): boolean {
    if (!matched) return false;
    const within = this.within(filter);
    for (let word = 0; word < matched.length; word++) {
      for (let rest = matched[word]!; rest !== 0; rest &= rest - 1) {
        if (within((word << 5) + 31 - Math.clz32(rest & -rest))) return true;
      }
    }
    return false;
  }

  /**
   * The matches within `filter`: at most `cap` + 1 in the order of their ids, plus up to `cap` / 2
   * of the featured and best-selling among all of them. `matched` counts them all.
   */
  candidates(bits: Matched | null, filter: IndexFilter, cap: number): { products: IndexedProduct[]; matched: number } {
    if (!bits) return { products: [], matched: 0 };
    const within = this.within(filter);
    const first: number[] = [];
    const hot = new Strongest(Math.ceil(cap / 2), this.popularity);
    let matched = 0;
    for (let word = 0; word < bits.length; word++) {
      let rest = bits[word]!;
      while (rest !== 0) {
        const low = rest & -rest;
        const slot = (word << 5) + 31 - Math.clz32(low);
        rest ^= low;
        if (!within(slot)) continue;
        matched++;
        if (first.length <= cap) first.push(slot);
        hot.offer(slot);
      }
    }
    const slots = new Set(first);
    for (const slot of hot.slots()) slots.add(slot);
    return { products: [...slots].map((slot) => this.products[slot]!), matched };
  }

  /** Whether a slot's product is within `filter`. */
  private within(filter: IndexFilter): (slot: number) => boolean {
    const status = filter.status;
    const category = filter.categoryId ?? 0;
    // A supplier no product has matches nothing.
    const supplier = filter.supplier === undefined ? -1 : (this.supplierCodes.get(filter.supplier) ?? 256);
    return (slot) => {
      const state = this.state[slot]!;
      if (state === ABSENT || (status === 'active' && state !== ACTIVE) || (status === 'inactive' && state !== INACTIVE)) return false;
      if (category !== 0 && this.category[slot] !== category) return false;
      return supplier === -1 || this.supplier[slot] === supplier;
    };
  }

  /**
   * The slots of a list without search (status, category, supplier), in the order of the slots:
   * kept until a change is taken in, as every filtered request of a category starts from them.
   * Read only.
   */
  universe(filter: IndexFilter): Int32Array {
    const key = `${filter.status}|${filter.categoryId ?? ''}|${filter.supplier ?? ''}`;
    let slots = this.universes.get(key);
    if (!slots) {
      if (this.universes.size >= MAX_UNIVERSES) this.universes.clear();
      this.universes.set(key, (slots = this.collectUniverse(filter)));
    }
    return slots;
  }

  private collectUniverse(filter: IndexFilter): Int32Array {
    const within = this.within(filter);
    const slots = new Int32Array(this.products.length);
    let n = 0;
    for (let slot = 0; slot < this.products.length; slot++) if (within(slot)) slots[n++] = slot;
    return slots.subarray(0, n);
  }

  /** The slots of products by id, in the order of the ids (those the index lacks left out). */
  slotsOfIds(ids: number[]): number[] {
    return ids.map((id) => this.slotOf.get(id)).filter((slot): slot is number => slot !== undefined);
  }

  idsOf(slots: number[]): number[] {
    return slots.map((slot) => this.products[slot]!.id);
  }

  /** The active products among `ids`, in the order of the ids. */
  activeProducts(ids: number[]): IndexedProduct[] {
    const products: IndexedProduct[] = [];
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined && this.state[slot] === ACTIVE) products.push(this.products[slot]!);
    }
    return products;
  }

  /** The categories holding active products, in the catalogue's order, with how many (as `product_facets` counts them). */
  countedCategories(): CountedCategory[] {
    const counted: CountedCategory[] = [];
    for (const category of this.categories) {
      const count = this.activeCounts.get(category.id);
      if (count) counted.push({ ...category, count });
    }
    return counted;
  }

  /**
   * The first `count` slots in the order of a catalogue list, as the SQL lists order them
   * (catalog/list.ts): priced products first in the price sorts (those on request newest first),
   * else featured and sales, date or sales, ties to the newer id. Only what a page needs is put in
   * order: a page near the start of a long list is picked in one pass, a deep one sorts it all.
   */
  firstSlots(slots: number[], sort: Sort, count: number): number[] {
    const compare = this.listOrder(sort);
    if (count * 16 >= slots.length) return slots.sort(compare).slice(0, count);
    return firstInOrder(slots, count, compare);
  }

  /**
   * The ids of the `count` active products of a product's category nearest to it (nearness.ts),
   * then nearest in price (those «по запросу» last), then the better sellers; null when the index
   * does not hold the product.
   */
  nearestIds(productId: number, count: number): number[] | null {
    const slot = this.slotOf.get(productId);
    if (slot === undefined) return null;
    const categoryId = this.products[slot]!.categoryId;
    if (categoryId === null) return [];
    const candidates = this.universe({ categoryId, status: 'active' });
    const scores = nearness(this.filters, slot, candidates);
    const price = this.filters.price;
    const ownPrice = price[slot]!;
    const priceGap = (other: number) => (Number.isNaN(ownPrice) || Number.isNaN(price[other]!) ? Infinity : Math.abs(price[other]! - ownPrice));
    const p = (at: number) => this.products[candidates[at]!]!;
    const positions: number[] = [];
    for (let at = 0; at < candidates.length; at++) if (candidates[at] !== slot) positions.push(at);
    const nearer = (a: number, b: number) => {
      const gapA = priceGap(candidates[a]!);
      const gapB = priceGap(candidates[b]!);
      return scores[b]! - scores[a]! || (gapA === gapB ? 0 : gapA < gapB ? -1 : 1) || p(b).salesCount - p(a).salesCount || p(a).id - p(b).id;
    };
    return firstInOrder(positions, count, nearer).map((at) => p(at).id);
  }

  private listOrder(sort: Sort): (a: number, b: number) => number {
    const p = (slot: number) => this.products[slot]!;
    const byId = (a: number, b: number) => p(b).id - p(a).id;
    const price = this.filters.price;
    const priced = (a: number, b: number) => Number(Number.isNaN(price[a]!)) - Number(Number.isNaN(price[b]!));
    const popularity = this.popularity;
    switch (sort) {
      case 'featured':
        return (a, b) => popularity[b]! - popularity[a]! || byId(a, b);
      case 'price-low':
        return (a, b) => priced(a, b) || (Number.isNaN(price[a]!) ? byId(a, b) : price[a]! - price[b]! || p(a).id - p(b).id);
      case 'price-high':
        return (a, b) => priced(a, b) || (Number.isNaN(price[a]!) ? byId(a, b) : price[b]! - price[a]! || byId(a, b));
      case 'newest':
        return (a, b) => p(b).createdAt - p(a).createdAt || byId(a, b);
      case 'popular':
        return (a, b) => p(b).salesCount - p(a).salesCount || byId(a, b);
    }
  }

  private evaluate(match: Match, stems: Map<string, string[]>): Bits | null {
    if ('word' in match) {
      const lexemes = stems.get(match.word) ?? [];
      // A stop word constrains nothing, as in to_tsquery; a word PostgreSQL splits (м.кв) needs every part.
      return lexemes.length ? lexemes.map((lexeme) => this.lexemeBits(lexeme)).reduce(and) : null;
    }
    const parts = ('all' in match ? match.all : match.any).map((part) => this.evaluate(part, stems)).filter((b): b is Bits => b !== null);
    if (parts.length === 0) return null;
    return parts.reduce('all' in match ? and : or);
  }

  private lexemeBits(lexeme: string): Bits {
    const bits = newBits(this.products.length);
    this.postings.mark(lexeme, bits, this.outdated);
    for (const slot of this.freshByLexeme.get(lexeme) ?? []) setBit(bits, slot);
    return bits;
  }

  private skuBits(fragment: string): Bits {
    const bits = newBits(this.products.length);
    this.skus.mark(fragment, bits, this.outdated);
    for (const slot of this.fresh.keys()) if (this.products[slot]!.skuNorm.includes(fragment)) setBit(bits, slot);
    return bits;
  }

  private put(slot: number, product: IndexedProduct) {
    if (slot === this.products.length) this.products.push(product);
    else this.products[slot] = product;
    this.slotOf.set(product.id, slot);
    this.countActive(slot, -1);
    this.state[slot] = product.isActive ? ACTIVE : INACTIVE;
    this.category[slot] = product.categoryId ?? 0;
    this.countActive(slot, 1);
    this.supplier[slot] = product.supplier === null ? 0 : this.supplierCode(product.supplier);
    this.popularity[slot] = popularityOf(product);
    this.outdated[slot] = 1;
  }

  /** Counts the slot's product in or out of its category's active products. */
  private countActive(slot: number, step: 1 | -1) {
    if (this.state[slot] !== ACTIVE) return;
    const category = this.category[slot]!;
    const count = (this.activeCounts.get(category) ?? 0) + step;
    if (count > 0) this.activeCounts.set(category, count);
    else this.activeCounts.delete(category);
  }

  private supplierCode(name: string): number {
    let code = this.supplierCodes.get(name);
    if (code === undefined) {
      code = this.supplierCodes.size + 1;
      if (code > 255) throw new Error('search index: more than 255 suppliers');
      this.supplierCodes.set(name, code);
    }
    return code;
  }

  /**
   * Room for `count` more products, made a column per turn of the event loop, so that taking them
   * in copies no column in one go. Nothing may be written meanwhile.
   */
  async reserve(count: number) {
    const needed = this.products.length + count;
    if (needed <= this.state.length) return;
    for (const step of this.growth(Math.max(needed, this.state.length * 2))) {
      step();
      await nextTurn();
    }
  }

  private grow(capacity: number) {
    for (const step of this.growth(capacity)) step();
  }

  private growth(capacity: number): (() => void)[] {
    const grown = <T extends Uint8Array | Int32Array | Float64Array>(old: T, make: (n: number) => T) => {
      const array = make(capacity);
      array.set(old);
      return array;
    };
    // The slot states last: their length is the room made, once every column has it.
    return [
      ...this.filters.growth(capacity),
      () => {
        this.category = grown(this.category, (n) => new Int32Array(n));
        this.supplier = grown(this.supplier, (n) => new Uint8Array(n));
        this.popularity = grown(this.popularity, (n) => new Float64Array(n));
        this.outdated = grown(this.outdated, (n) => new Uint8Array(n));
        this.state = grown(this.state, (n) => new Uint8Array(n));
      },
    ];
  }

  /** Takes the name of the product now in the slot out of the word counts. */
  private uncount(slot: number) {
    const old = this.products[slot];
    if (old && old.isActive) countNameWords(this.words, old.name, -1);
  }

  private forget(slot: number) {
    const own = this.fresh.get(slot);
    if (!own) return;
    for (const lexeme of own) {
      const slots = this.freshByLexeme.get(lexeme)!;
      slots.delete(slot);
      if (slots.size === 0) this.freshByLexeme.delete(lexeme);
    }
    this.fresh.delete(slot);
  }
}

/**
 * Collects the rows of a new index batch by batch, in the order of their ids: each lexeme is
 * kept once and each product's lexemes as numbers, so a large catalogue loads without holding
 * millions of small strings.
 */
export class SearchIndexBuilder {
  private readonly products: IndexedProduct[] = [];
  private readonly ids = new Map<string, number>();
  private lexemes = new Int32Array(1 << 16);
  private readonly starts = [0];
  private readonly words = new Map<string, number>();
  private readonly filters = new FilterColumns();

  /**
   * `capacity`: the slots to make room for at once, about the products to come and those written
   * until the next rebuild: growing every column as the products arrive took hundreds of
   * milliseconds in one go.
   */
  constructor(capacity = 0) {
    this.filters.grow(capacity);
  }

  add(rows: IndexRow[]) {
    for (const row of rows) {
      const product = productOf(row);
      this.filters.put(this.products.length, filterRowOf(row));
      this.products.push(product);
      if (product.isActive) countNameWords(this.words, product.name, 1);
      let end = this.starts[this.starts.length - 1]!;
      for (const lexeme of splitLexemes(row.lexemes)) {
        let id = this.ids.get(lexeme);
        if (id === undefined) {
          id = this.ids.size;
          this.ids.set(lexeme, id);
        }
        if (end === this.lexemes.length) {
          const grown = new Int32Array(this.lexemes.length * 2);
          grown.set(this.lexemes);
          this.lexemes = grown;
        }
        this.lexemes[end++] = id;
      }
      this.starts.push(end);
    }
  }

  /** The index, put together a slice per turn of the event loop. */
  async build(): Promise<SearchIndex> {
    return SearchIndex.assemble(this.products, await Postings.build(this.ids, this.lexemes, this.starts), this.words, this.filters);
  }
}
