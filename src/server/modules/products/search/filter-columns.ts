/**
 * What the catalogue's filters read, per slot of the search index, in typed arrays
 * (docs/decisions/034): the brand as a small code, the price, «in stock» and the branches that
 * hold the product, and per attribute its value as a code (and as a number for numbers). A product
 * has at most one value per attribute. Filters and their counts are one pass over these arrays,
 * with no SQL per request.
 */

/** A product's filter data as the database sends it to the index. */
export type FilterRow = {
  brand: string | null;
  priceKopecks: number | null;
  inStock: boolean;
  /** Branches holding some of it. */
  branchIds: number[];
  /** Its characteristics: [attribute id, value as shown, number or null]. */
  attributes: [number, string, number | null][];
};

/** Values as small codes: 0 is "none", code c is `names[c]`. */
export class Codes {
  readonly names: string[] = [''];
  private readonly codes = new Map<string, number>();

  code(name: string): number {
    let code = this.codes.get(name);
    if (code === undefined) {
      code = this.names.length;
      this.names.push(name);
      this.codes.set(name, code);
    }
    return code;
  }

  /** The code of a name, or -1 when no product ever had it. */
  find(name: string): number {
    return this.codes.get(name) ?? -1;
  }
}

/** One attribute's values per slot. */
export type AttributeColumn = {
  values: Codes;
  codes: Int32Array;
  /** NaN where the slot has no number; null until a number arrives. */
  numbers: Float64Array | null;
};

function grown<T extends Uint8Array | Int32Array | Float64Array>(old: T, capacity: number, make: (n: number) => T, fill?: number): T {
  const array = make(capacity);
  if (fill !== undefined) array.fill(fill, old.length);
  array.set(old);
  return array;
}

export class FilterColumns {
  capacity = 0;
  readonly brands = new Codes();
  brand = new Int32Array(0);
  /** Kopecks; NaN for «price on request». */
  price = new Float64Array(0);
  inStock = new Uint8Array(0);
  /** Per branch id, 1 for the slots it holds. */
  readonly branches = new Map<number, Uint8Array>();
  /** Per attribute id. */
  readonly attributes = new Map<number, AttributeColumn>();

  grow(capacity: number) {
    for (const step of this.growth(capacity)) step();
  }

  /**
   * Growing to `capacity` as steps of one column each, to be run in order, in one go or a step
   * per turn of the event loop (a column is a few milliseconds; all of them at 65 000 slots took
   * hundreds). Nothing may be written meanwhile; reads see every slot they saw before.
   */
  growth(capacity: number): (() => void)[] {
    if (capacity <= this.capacity) return [];
    const steps: (() => void)[] = [
      () => {
        this.brand = grown(this.brand, capacity, (n) => new Int32Array(n));
        this.price = grown(this.price, capacity, (n) => new Float64Array(n), NaN);
        this.inStock = grown(this.inStock, capacity, (n) => new Uint8Array(n));
      },
    ];
    for (const [id, bits] of this.branches) steps.push(() => void this.branches.set(id, grown(bits, capacity, (n) => new Uint8Array(n))));
    for (const column of this.attributes.values()) {
      steps.push(() => {
        column.codes = grown(column.codes, capacity, (n) => new Int32Array(n));
      });
      const numbers = column.numbers;
      if (numbers) {
        steps.push(() => {
          column.numbers = grown(numbers, capacity, (n) => new Float64Array(n), NaN);
        });
      }
    }
    steps.push(() => {
      this.capacity = capacity;
    });
    return steps;
  }

  /** Writes a slot's data, replacing what it held. */
  put(slot: number, row: FilterRow) {
    if (slot >= this.capacity) this.grow(Math.max(64, slot * 2));
    this.clear(slot);
    this.brand[slot] = row.brand ? this.brands.code(row.brand) : 0;
    this.price[slot] = row.priceKopecks !== null && row.priceKopecks > 0 ? row.priceKopecks : NaN;
    this.inStock[slot] = row.inStock ? 1 : 0;
    for (const branchId of row.branchIds) this.branchBits(branchId)[slot] = 1;
    for (const [attributeId, value, number] of row.attributes) {
      const column = this.column(attributeId);
      column.codes[slot] = column.values.code(value);
      if (number !== null && Number.isFinite(number)) (column.numbers ??= new Float64Array(this.capacity).fill(NaN))[slot] = number;
    }
  }

  /** Forgets a slot's data (a deleted product). */
  clear(slot: number) {
    this.brand[slot] = 0;
    this.price[slot] = NaN;
    this.inStock[slot] = 0;
    for (const bits of this.branches.values()) bits[slot] = 0;
    for (const column of this.attributes.values()) {
      column.codes[slot] = 0;
      if (column.numbers) column.numbers[slot] = NaN;
    }
  }

  private branchBits(branchId: number): Uint8Array {
    let bits = this.branches.get(branchId);
    if (!bits) this.branches.set(branchId, (bits = new Uint8Array(this.capacity)));
    return bits;
  }

  private column(attributeId: number): AttributeColumn {
    let column = this.attributes.get(attributeId);
    if (!column) this.attributes.set(attributeId, (column = { values: new Codes(), codes: new Int32Array(this.capacity), numbers: null }));
    return column;
  }
}
