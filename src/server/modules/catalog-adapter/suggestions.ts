import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connection.ts';
import { normaliseName } from '#shared/catalog-adapter.ts';
import type { CatalogSearch } from '../products/search/catalog-search.ts';
import { normalizeText } from '../products/search/query.ts';

/**
 * Where an unmapped supplier category probably belongs: the shop's own search (Russian stems,
 * synonyms, typo corrections) is asked for its name and for the names of a few of its products,
 * their words without digits; the shop category most of the best hits sit in wins.
 */

/** An unmapped supplier category, as `key` names it to the caller. */
export type SuggestionWanted = { key: string; supplierCode: string; name: string };

/**
 * What a name says about the kind of product: its words without digits. Model numbers, sizes and
 * codes identify one product (and would find only the supplier's own), not its kind.
 */
const kindWords = (text: string) =>
  normalizeText(text)
    .split(' ')
    .filter((word) => !/\d/.test(word))
    .join(' ');

/** Product names searched besides the category's own name. */
const SAMPLE_NAMES = 3;
/** Best hits per search that vote. */
const TOP_HITS = 20;

type SampleRow = { supplier: string; supplierCategory: string; name: string };
type HitRow = { id: number; categoryId: number | null; supplier: string | null; supplierCategory: string | null; awaiting: boolean };

const categoryKey = (supplierCode: string | null, name: string | null) => `${supplierCode ?? ''}|${normaliseName(name ?? '')}`;

/** The newest few product names of each supplier category. */
async function sampleNames(db: Db): Promise<Map<string, string[]>> {
  const rows = rowsOf<SampleRow>(
    await db.execute(sql`
      select supplier, "supplierCategory", name from (
        select supplier, supplier_category as "supplierCategory", name,
          row_number() over (partition by supplier, supplier_category order by id desc) as n
        from products where supplier_category is not null and supplier is not null) s
      where n <= ${SAMPLE_NAMES}`),
  );
  const samples = new Map<string, string[]>();
  for (const row of rows) {
    const key = categoryKey(row.supplier, row.supplierCategory);
    const names = samples.get(key) ?? [];
    if (names.length < SAMPLE_NAMES) names.push(row.name);
    samples.set(key, names);
  }
  return samples;
}

/** The shop category of the suggestion for each wanted key that search found one for. */
export async function suggestCategories(db: Db, search: CatalogSearch, wanted: SuggestionWanted[]): Promise<Map<string, number>> {
  if (wanted.length === 0) return new Map();
  const samples = await sampleNames(db);
  const searches = await Promise.all(
    wanted.map(async (item) => {
      const own = categoryKey(item.supplierCode, item.name);
      const queries = [item.name, ...(samples.get(own) ?? [])].map(kindWords).filter(Boolean);
      const hits = await Promise.all(queries.map(async (query) => (await search.match(query, { status: 'all' })).ids.slice(0, TOP_HITS)));
      return { item, own, hits };
    }),
  );

  const ids = [...new Set(searches.flatMap((s) => s.hits.flat()))];
  if (ids.length === 0) return new Map();
  const rows = rowsOf<HitRow>(
    await db.execute(sql`
      select id, category_id as "categoryId", supplier, supplier_category as "supplierCategory", awaiting_category as awaiting
      from products where id in (${sql.join(ids, sql`, `)})`),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));

  const suggestions = new Map<string, number>();
  for (const { item, own, hits } of searches) {
    const winner = vote(hits, byId, own);
    if (winner !== null) suggestions.set(item.key, winner);
  }
  return suggestions;
}

/**
 * The category with the most hits; a tie goes to the one hit best first. Products of the supplier
 * category itself, and products without a shop category yet, do not vote.
 */
function vote(hits: number[][], byId: Map<number, HitRow>, own: string): number | null {
  const votes = new Map<number, { count: number; best: number }>();
  for (const list of hits) {
    list.forEach((id, rank) => {
      const row = byId.get(id);
      if (!row || row.categoryId === null || row.awaiting || categoryKey(row.supplier, row.supplierCategory) === own) return;
      const entry = votes.get(row.categoryId) ?? { count: 0, best: rank };
      entry.count++;
      entry.best = Math.min(entry.best, rank);
      votes.set(row.categoryId, entry);
    });
  }
  let winner: number | null = null;
  let top = { count: 0, best: Infinity };
  for (const [categoryId, entry] of votes) {
    if (entry.count > top.count || (entry.count === top.count && entry.best < top.best)) {
      winner = categoryId;
      top = entry;
    }
  }
  return winner;
}
