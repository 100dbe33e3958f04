import { describe, expect, it } from 'vitest';
import { scanFacets } from './facet-scan.ts';
import { SearchIndexBuilder, type IndexRow } from './search-index.ts';
import { indexRow } from '../../../../../tests/helpers/search-index.ts';

/** The filter columns of the search index and the one-pass count (docs/decisions/034). */

const POWER = 1;
const CHUCK = 2;

const row = (id: number, extra: Partial<IndexRow> = {}): IndexRow =>
  indexRow(id, { name: `Перфоратор ${id}`, priceKopecks: id * 1000_00, brand: 'DCK', lexemes: 'перфоратор', ...extra });

async function build(rows: IndexRow[]) {
  const builder = new SearchIndexBuilder();
  builder.add(rows);
  return builder.build();
}

const idsOf = (index: Awaited<ReturnType<typeof build>>, slots: number[]) => index.idsOf(slots).sort((a, b) => a - b);
const noFilters = { brands: [], inStock: false, attributes: [] };

describe('filter columns', () => {
  const rows = [
    row(1, { attributes: [[POWER, '800', 800], [CHUCK, 'SDS-plus', null]], inStock: true, branchIds: [7] }),
    row(2, { brand: 'P.I.T', attributes: [[POWER, '1100', 1100], [CHUCK, 'SDS-max', null]] }),
    row(3, { brand: null, priceKopecks: null, attributes: [[CHUCK, 'SDS-plus', null]], inStock: true, branchIds: [8] }),
  ];
  const counted = [{ id: CHUCK, kind: 'text' as const }, { id: POWER, kind: 'number' as const }];

  it('filter by brand, price, stock, branch and characteristics', async () => {
    const index = await build(rows);
    const universe = index.universe({ status: 'active' });
    const scan = (query: object) => idsOf(index, scanFacets(index.filters, universe, { ...noFilters, ...query }, []).slots);
    expect(scan({ brands: ['DCK'] })).toEqual([1]);
    expect(scan({ priceMax: 1500_00 })).toEqual([1]);
    expect(scan({ inStock: true })).toEqual([1, 3]);
    expect(scan({ branchId: 8 })).toEqual([3]);
    expect(scan({ branchId: 99 })).toEqual([]);
    expect(scan({ attributes: [{ id: CHUCK, values: ['SDS-plus', 'SDS-max'] }] })).toEqual([1, 2, 3]);
    expect(scan({ attributes: [{ id: POWER, values: [], min: 900 }] })).toEqual([2]);
  });

  it('counts an option as the list with it in place of its filter’s choice', async () => {
    const index = await build(rows);
    const result = scanFacets(index.filters, index.universe({ status: 'active' }), { ...noFilters, attributes: [{ id: CHUCK, values: ['SDS-max'] }], inStock: true }, counted);
    expect(result.slots).toEqual([]);
    // In stock: 1 (SDS-plus) and 3 (SDS-plus); SDS-max would give nothing but stays listed.
    expect(result.attributes.get(CHUCK)).toEqual([
      { value: 'SDS-plus', count: 2 },
      { value: 'SDS-max', count: 0 },
    ]);
    expect(result.brands).toEqual([
      { value: 'DCK', count: 0 },
      { value: 'P.I.T', count: 0 },
    ]);
    // No product passes: the power range falls back to the whole list's.
    expect(result.attributes.get(POWER)).toEqual({ min: 800, max: 1100 });
  });

  it('follows a product’s new values, and forgets a deleted one', async () => {
    const index = await build(rows);
    index.apply([row(2, { brand: 'P.I.T', attributes: [[CHUCK, 'SDS-plus', null]], inStock: true, branchIds: [8] })], [1]);
    const universe = index.universe({ status: 'active' });
    const result = scanFacets(index.filters, universe, { ...noFilters, branchId: 8 }, counted);
    expect(idsOf(index, result.slots)).toEqual([2, 3]);
    // No product of the list has SDS-max any more: it is no option.
    expect(result.attributes.get(CHUCK)).toEqual([{ value: 'SDS-plus', count: 2 }]);
    // Product 2 lost its power and product 1 is gone: no number left to range over.
    expect(result.attributes.has(POWER)).toBe(false);
  });

  it('sorts as the SQL lists do: priced by price, then those on request', async () => {
    const index = await build(rows);
    const slots = [...index.universe({ status: 'active' })];
    expect(index.idsOf(index.firstSlots([...slots], 'price-low', 3))).toEqual([1, 2, 3]);
    expect(index.idsOf(index.firstSlots([...slots], 'price-high', 3))).toEqual([2, 1, 3]);
  });

  it('picks a page near the start of a long list as sorting it all would', async () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      row(i + 1, { priceKopecks: i % 7 === 0 ? null : ((i * 37) % 50) * 100_00, salesCount: (i * 13) % 9, isFeatured: i % 50 === 0, createdAt: (i * 11) % 30 }),
    );
    const index = await build(many);
    const slots = [...index.universe({ status: 'active' })];
    for (const sort of ['featured', 'price-low', 'price-high', 'newest', 'popular'] as const) {
      const whole = index.idsOf(index.firstSlots([...slots], sort, slots.length));
      expect(index.idsOf(index.firstSlots([...slots], sort, 12)), sort).toEqual(whole.slice(0, 12));
    }
  });
});
