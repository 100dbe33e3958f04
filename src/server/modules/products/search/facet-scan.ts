import type { AttributeKind } from '#shared/attributes.ts';
import type { FilterColumns } from './filter-columns.ts';

/**
 * The catalogue's filters and their counts in one pass over a list's slots (docs/decisions/034).
 *
 * The rule: an option's count is what the list would show if it were added to the other chosen
 * filters. Values of one filter are alternatives (OR), so for its own options that filter is
 * left out. Each slot is checked against every chosen filter: passing all, it is in the list and
 * counts for every option; failing exactly one, it counts only for that filter's options (it
 * would be in the list with that filter changed); failing two or more, for nothing.
 */

/** What the list is narrowed by, in the index's terms (prices in kopecks, the branch by id). */
export type SlotQuery = {
  brands: string[];
  priceMin?: number;
  priceMax?: number;
  inStock: boolean;
  branchId?: number;
  attributes: { id: number; values: string[]; min?: number; max?: number }[];
};

/** The attributes whose options are counted (the category's filters). */
export type CountedAttribute = { id: number; kind: AttributeKind };

export type CountedValues = { value: string; count: number }[];
export type Range = { min: number; max: number };

export type ScanResult = {
  /** The slots passing every filter, in the order of the universe. */
  slots: number[];
  /** Every brand of the universe with its count (0: it would give nothing). */
  brands: CountedValues;
  /** Kopecks, under the other filters; null when nothing there has a price. */
  price: Range | null;
  /**
   * Per counted attribute: text and yes/no values of the universe with counts; for numbers the
   * range under the other filters (the universe's when they leave no value). Missing: no
   * product of the universe has a value.
   */
  attributes: Map<number, CountedValues | Range>;
};

type Check = (slot: number) => boolean;

/** Counted attributes during the pass, by kind; `check` is the attribute's own filter's (-1: not filtered). */
type TextFacet = { id: number; check: number; codes: Int32Array; names: string[]; tally: Tally };
type NumberFacet = { id: number; check: number; numbers: Float64Array; bounds: Bounds; all: Bounds };

/** A range's bounds, widened by each value seen. */
class Bounds {
  min = Infinity;
  max = -Infinity;
  add(value: number) {
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }
  get range(): Range | null {
    return this.min <= this.max ? { min: this.min, max: this.max } : null;
  }
}

/** A value's options counted, and which of them the universe has at all. */
class Tally {
  readonly counts: Int32Array;
  readonly seen: Uint8Array;
  constructor(size: number) {
    this.counts = new Int32Array(size);
    this.seen = new Uint8Array(size);
  }
  values(names: string[]): CountedValues {
    const result: CountedValues = [];
    for (let code = 1; code < names.length; code++) if (this.seen[code]) result.push({ value: names[code]!, count: this.counts[code]! });
    return result;
  }
}

const inRange = (value: number, min: number | undefined, max: number | undefined) =>
  (min === undefined || value >= min) && (max === undefined || value <= max);

/** One check per chosen filter, and which check each attribute's filter is. */
function checksOf(columns: FilterColumns, query: SlotQuery) {
  const checks: Check[] = [];
  let brandCheck = -1;
  let priceCheck = -1;
  const attributeCheck = new Map<number, number>();
  if (query.brands.length > 0) {
    const allowed = new Uint8Array(columns.brands.names.length);
    for (const brand of query.brands) {
      const code = columns.brands.find(brand);
      if (code > 0) allowed[code] = 1;
    }
    const brand = columns.brand;
    brandCheck = checks.push((slot) => allowed[brand[slot]!] === 1) - 1;
  }
  if (query.priceMin !== undefined || query.priceMax !== undefined) {
    const { priceMin, priceMax } = query;
    const price = columns.price;
    // NaN («price on request») fails every comparison: left out once a price is asked for.
    priceCheck = checks.push((slot) => inRange(price[slot]!, priceMin, priceMax)) - 1;
  }
  if (query.inStock) {
    const inStock = columns.inStock;
    checks.push((slot) => inStock[slot] === 1);
  }
  if (query.branchId !== undefined) {
    const held = columns.branches.get(query.branchId);
    checks.push(held ? (slot) => held[slot] === 1 : () => false);
  }
  for (const filter of query.attributes) {
    const column = columns.attributes.get(filter.id);
    let check: Check;
    if (!column) check = () => false;
    else {
      const { codes, numbers } = column;
      // A slot without a number (NaN) fails every comparison of a range.
      const ranged = filter.min !== undefined || filter.max !== undefined;
      const allowed = new Uint8Array(column.values.names.length);
      for (const value of filter.values) {
        const code = column.values.find(value);
        if (code > 0) allowed[code] = 1;
      }
      const byValue = filter.values.length > 0;
      const { min, max } = filter;
      check = (slot) =>
        (!byValue || allowed[codes[slot]!] === 1) && (!ranged || (numbers !== null && inRange(numbers[slot]!, min, max)));
    }
    attributeCheck.set(filter.id, checks.push(check) - 1);
  }
  return { checks, brandCheck, priceCheck, attributeCheck };
}

/** Filters the universe's slots and counts every option of the brands, the price and the counted attributes. */
export function scanFacets(columns: FilterColumns, universe: ArrayLike<number>, query: SlotQuery, counted: CountedAttribute[]): ScanResult {
  const { checks, brandCheck, priceCheck, attributeCheck } = checksOf(columns, query);
  const brand = columns.brand;
  const price = columns.price;
  const brands = new Tally(columns.brands.names.length);
  const prices = new Bounds();
  const texts: TextFacet[] = [];
  const numbers: NumberFacet[] = [];
  for (const attribute of counted) {
    const column = columns.attributes.get(attribute.id);
    if (!column) continue;
    const check = attributeCheck.get(attribute.id) ?? -1;
    if (attribute.kind !== 'number') {
      texts.push({ id: attribute.id, check, codes: column.codes, names: column.values.names, tally: new Tally(column.values.names.length) });
    } else if (column.numbers) {
      numbers.push({ id: attribute.id, check, numbers: column.numbers, bounds: new Bounds(), all: new Bounds() });
    }
  }

  // Kinds apart and plain loops: this pass runs over every product of a category per request.
  const slots: number[] = [];
  for (let i = 0; i < universe.length; i++) {
    const slot = universe[i]!;
    let fails = 0;
    let failed = -1;
    for (let c = 0; c < checks.length; c++) {
      if (checks[c]!(slot)) continue;
      failed = c;
      if (++fails > 1) break;
    }
    // Every option of the universe is listed, those that would give nothing with 0.
    brands.seen[brand[slot]!] = 1;
    for (let f = 0; f < texts.length; f++) texts[f]!.tally.seen[texts[f]!.codes[slot]!] = 1;
    for (let f = 0; f < numbers.length; f++) {
      const value = numbers[f]!.numbers[slot]!;
      if (!Number.isNaN(value)) numbers[f]!.all.add(value);
    }
    if (fails > 1) continue;
    if (fails === 0) slots.push(slot);
    if (fails === 0 || failed === brandCheck) brands.counts[brand[slot]!]!++;
    if ((fails === 0 || failed === priceCheck) && !Number.isNaN(price[slot]!)) prices.add(price[slot]!);
    for (let f = 0; f < texts.length; f++) {
      const facet = texts[f]!;
      if (fails === 0 || failed === facet.check) facet.tally.counts[facet.codes[slot]!]!++;
    }
    for (let f = 0; f < numbers.length; f++) {
      const facet = numbers[f]!;
      const value = facet.numbers[slot]!;
      if ((fails === 0 || failed === facet.check) && !Number.isNaN(value)) facet.bounds.add(value);
    }
  }

  const attributes = new Map<number, CountedValues | Range>();
  for (const facet of texts) {
    const values = facet.tally.values(facet.names);
    if (values.length > 0) attributes.set(facet.id, values);
  }
  for (const facet of numbers) {
    const range = facet.bounds.range ?? facet.all.range;
    if (range) attributes.set(facet.id, range);
  }
  return { slots, brands: brands.values(columns.brands.names), price: prices.range, attributes };
}
