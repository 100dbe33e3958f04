import { describe, expect, it } from 'vitest';
import { matchAnyGroup, matchReadings, planSearch } from './query.ts';
import { SearchIndexBuilder, type IndexRow } from './search-index.ts';
import { indexRow } from '../../../../../tests/helpers/search-index.ts';

const row = (id: number, name: string, lexemes: string, extra: Partial<IndexRow> = {}): IndexRow => indexRow(id, { name, lexemes, ...extra });

/** Stems as PostgreSQL's Russian configuration gives them for the words of these tests. */
const STEMS = new Map<string, string[]>([
  ['дрель', ['дрел']],
  ['дрели', ['дрел']],
  ['ударная', ['ударн']],
  ['перфоратор', ['перфоратор']],
  ['для', []],
  ['м.кв', ['кв', 'м']],
]);

async function build(rows: IndexRow[]) {
  const builder = new SearchIndexBuilder();
  builder.add(rows.slice(0, 2));
  builder.add(rows.slice(2));
  return builder.build();
}

const ids = (found: { products: { id: number }[] }) => found.products.map((p) => p.id).sort((a, b) => a - b);
const find = (index: Awaited<ReturnType<typeof build>>, query: string, filter: Parameters<Awaited<ReturnType<typeof build>>['candidates']>[1] = { status: 'active' }) => {
  const plan = planSearch(query);
  return index.candidates(index.matching(matchReadings(plan.readings), STEMS, plan.skus), filter, 600);
};

describe('the in-process search index', () => {
  const catalogue = () =>
    build([
      row(1, 'Дрель ударная', 'дрел ударн'),
      row(2, 'Перфоратор SDS-plus', 'перфоратор sds plus sds-plus'),
      row(3, 'Дрель-шуруповёрт', 'дрел шуруповерт', { supplier: 'P.I.T', categoryId: 2 }),
      row(4, 'Дрель скрытая', 'дрел', { isActive: false }),
      row(5, 'Плитка 1 м.кв', 'плитк 1 м кв'),
    ]);

  it('matches every word of a reading by its stems, and any of several alternatives', async () => {
    const index = await catalogue();
    expect(ids(find(index, 'дрели'))).toEqual([1, 3]);
    expect(ids(find(index, 'дрель ударная'))).toEqual([1]);
    const plan = planSearch('ударная перфоратор');
    expect(ids(index.candidates(index.matching(matchReadings(plan.readings), STEMS, []), { status: 'active' }, 600))).toEqual([]);
    expect(ids(index.candidates(index.matching(matchAnyGroup(plan.readings), STEMS, []), { status: 'active' }, 600))).toEqual([1, 2]);
  });

  it('lets stop words constrain nothing and needs every part of a word PostgreSQL splits', async () => {
    const index = await catalogue();
    expect(ids(find(index, 'дрель для'))).toEqual([1, 3]);
    expect(find(index, 'для').products).toEqual([]);
    expect(ids(find(index, 'м.кв'))).toEqual([5]);
  });

  it('filters by status, category and supplier', async () => {
    const index = await catalogue();
    expect(ids(find(index, 'дрель', { status: 'all' }))).toEqual([1, 3, 4]);
    expect(ids(find(index, 'дрель', { status: 'inactive' }))).toEqual([4]);
    expect(ids(find(index, 'дрель', { status: 'active', categoryId: 2 }))).toEqual([3]);
    expect(ids(find(index, 'дрель', { status: 'active', supplier: 'P.I.T' }))).toEqual([3]);
    expect(ids(find(index, 'дрель', { status: 'active', supplier: 'Bosch' }))).toEqual([]);
  });

  it('tells whether any match is within a filter (the other layout is named when what was typed has none)', async () => {
    const index = await catalogue();
    const drills = () => index.matching(matchReadings(planSearch('дрель').readings), STEMS, []);
    expect(index.anyWithin(drills(), { status: 'inactive' })).toBe(true);
    expect(index.anyWithin(drills(), { status: 'active', categoryId: 2 })).toBe(true);
    expect(index.anyWithin(drills(), { status: 'active', supplier: 'Bosch' })).toBe(false);
    expect(index.anyWithin(index.matching(null, STEMS, ['lhtkm']), { status: 'all' })).toBe(false);
    expect(index.anyWithin(null, { status: 'all' })).toBe(false);
  });

  it('finds SKU fragments anywhere in the normalised SKU', async () => {
    const index = await catalogue();
    expect(ids(find(index, 'SKU3'))).toEqual([3]);
    expect(ids(find(index, 'ku5'))).toEqual([5]);
  });

  it('takes in products written and deleted after it was built', async () => {
    const index = await catalogue();
    index.apply(
      [
        row(1, 'Миксер строительный', 'миксер строительн'),
        row(6, 'Дрель сетевая', 'дрел сетев', { skuNorm: 'new6' }),
        row(4, 'Дрель скрытая', 'дрел'),
      ],
      [3],
    );
    expect(ids(find(index, 'дрель'))).toEqual([4, 6]);
    expect(ids(find(index, 'ударная'))).toEqual([]);
    expect(ids(find(index, 'new6'))).toEqual([6]);
    expect(ids(find(index, 'sku1'))).toEqual([1]);
    expect(index.size).toBe(5);
    expect(index.freshCount).toBe(3);
  });

  it('counts the words of active names for the typo vocabulary, and follows writes and deletions', async () => {
    const index = await catalogue();
    const counts = () => Object.fromEntries([...index.nameWords].sort(([a], [b]) => a.localeCompare(b)));
    // Inactive «Дрель скрытая» and words under three letters or with digits are not counted.
    expect(counts()).toEqual({ plus: 1, sds: 1, дрель: 2, перфоратор: 1, плитка: 1, ударная: 1, шуруповерт: 1 });
    index.apply([row(1, 'Миксер строительный', 'миксер строительн'), row(4, 'Дрель скрытая', 'дрел')], [3]);
    expect(counts()).toEqual({ plus: 1, sds: 1, дрель: 1, миксер: 1, перфоратор: 1, плитка: 1, скрытая: 1, строительный: 1 });
    index.apply([row(2, 'Перфоратор SDS-plus', 'перфоратор sds plus sds-plus', { isActive: false })], [4]);
    expect(counts()).toEqual({ миксер: 1, плитка: 1, строительный: 1 });
  });

  it('samples at most the cap of matches in id order, plus the best sellers among all matches', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => row(i + 1, `Дрель ${i + 1}`, 'дрел', { salesCount: i === 45 ? 1000 : i }));
    const index = await build(rows);
    const found = index.candidates(index.matching(matchReadings(planSearch('дрель').readings), STEMS, []), { status: 'active' }, 10);
    expect(found.matched).toBe(50);
    // The first 11 by id, and the 5 best sellers: 46 (1000 sales), then 50, 49, 48, 47.
    expect(ids(found)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 46, 47, 48, 49, 50]);
  });

  it('samples featured products above best sellers, and the newer of equal sellers', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => row(i + 1, `Дрель ${i + 1}`, 'дрел', { salesCount: 7, isFeatured: i === 20 }));
    rows[30]!.salesCount = 500;
    const index = await build(rows);
    const found = index.candidates(index.matching(matchReadings(planSearch('дрель').readings), STEMS, []), { status: 'active' }, 10);
    // The first 11 by id, and 5 more: 21 (featured), 31 (500 sales), then the newest of those with 7.
    expect(ids(found)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 21, 31, 48, 49, 50]);
  });
});
