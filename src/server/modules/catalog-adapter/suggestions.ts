import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connection.ts';
import { normaliseName } from '#shared/catalog-adapter.ts';
import type { CatalogSearch } from '../products/search/catalog-search.ts';
import { normalizeText, planSearch } from '../products/search/query.ts';

/**
 * Where an unmapped supplier category probably belongs: the shop's own search (Russian stems,
 * synonyms, typo corrections) is asked for its name and for the names of a few of its products,
 * their words without digits; the shop category most of the best hits sit in wins.
 *
 * How sure that is: the share of the group's product names (its own name when it has none yet)
 * that a product of the winning category really matches. Search widens a query it cannot match
 * whole to products with any of its words, so «Бур SDS-plus» finds hammer drills by «SDS-plus»
 * alone; a name agrees only when the category's best hit has its first word (the kind of
 * product) and most of its other words.
 */

/** An unmapped supplier category, as `key` names it to the caller. */
export type SuggestionWanted = { key: string; supplierCode: string; name: string };
/** The suggested shop category and the share (0–1) of the group's names its products match. */
export type Suggestion = { categoryId: number; confidence: number };

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
const SAMPLE_NAMES = 5;
/** Share of a name's words a hit must have, the first one among them, for the name to agree. */
const NAME_WORDS_MATCHED = 0.6;
/** Best hits per search that vote. */
const TOP_HITS = 20;

type SampleRow = { supplier: string; supplierCategory: string; name: string };
type HitRow = { id: number; name: string; categoryId: number | null; supplier: string | null; supplierCategory: string | null; awaiting: boolean };

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

/** The suggestion for each wanted key that search found one for. */
export async function suggestCategories(db: Db, search: CatalogSearch, wanted: SuggestionWanted[]): Promise<Map<string, Suggestion>> {
  if (wanted.length === 0) return new Map();
  const samples = await sampleNames(db);
  const topHits = async (query: string, categoryId?: number) => (await search.match(query, { status: 'all', categoryId })).ids.slice(0, TOP_HITS);
  const searches = await Promise.all(
    wanted.map(async (item) => {
      const own = categoryKey(item.supplierCode, item.name);
      const groupName = [kindWords(item.name)].filter(Boolean);
      const productNames = (samples.get(own) ?? []).map(kindWords).filter(Boolean);
      const hits = await Promise.all([...groupName, ...productNames].map((query) => topHits(query)));
      // The names that say how sure a suggestion is: the products', or the group's own while it has none.
      return { item, own, hits, judged: productNames.length > 0 ? productNames : groupName };
    }),
  );

  const byId = await hitRows(db, searches.flatMap((s) => s.hits.flat()));
  const winners = searches.flatMap(({ item, own, hits, judged }) => {
    const winner = vote(hits, byId, own);
    return winner === null ? [] : [{ key: item.key, winner, judged }];
  });
  // Each name searched again among the winner's products alone: are they what it names?
  const judging = await Promise.all(winners.map(async (w) => Promise.all(w.judged.map(async (query) => ({ query, ids: await topHits(query, w.winner) })))));
  const named = await hitRows(db, judging.flat(2).flatMap((j) => j.ids));
  const suggestions = new Map<string, Suggestion>();
  winners.forEach(({ key, winner, judged }, i) => {
    const agreeing = judging[i]!.filter(({ query, ids }) => ids.some((id) => matchesName(query, named.get(id)?.name ?? '')));
    suggestions.set(key, { categoryId: winner, confidence: agreeing.length / judged.length });
  });
  return suggestions;
}

/** The products behind search hits, by id. */
async function hitRows(db: Db, hitIds: number[]): Promise<Map<number, HitRow>> {
  const ids = [...new Set(hitIds)];
  if (ids.length === 0) return new Map();
  const rows = rowsOf<HitRow>(
    await db.execute(sql`
      select id, name, category_id as "categoryId", supplier, supplier_category as "supplierCategory", awaiting_category as awaiting
      from products where id in (${sql.join(ids, sql`, `)})`),
  );
  return new Map(rows.map((row) => [row.id, row]));
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

/** Words of a name as the comparison reads them: letters and digits, lower case. */
const wordsOf = (text: string) => normalizeText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * One word in two forms («перфораторы», «перфоратор»; «дрели», «дрель»): the same start, endings
 * aside; or a long word inside a compound one («машина» in «шлифмашина»).
 */
function sameWord(word: string, own: string): boolean {
  const length = Math.max(3, Math.min(word.length, own.length) - 2);
  if (word.length >= 2 && own.length >= 2 && word.slice(0, length) === own.slice(0, length)) return true;
  return word.length >= 6 && own.length > word.length && own.includes(word.slice(0, word.length - 1));
}

/**
 * Whether a product named `name` is what the query (a name's kind words) asks for: it has the
 * query's first word, or a synonym the search knows for it, and NAME_WORDS_MATCHED of its words.
 */
function matchesName(query: string, name: string): boolean {
  const groups = planSearch(query).readings[0] ?? [];
  if (groups.length === 0) return false;
  const words = wordsOf(name);
  const has = (group: string[][]) => group.some((phrase) => phrase.every((word) => words.some((own) => sameWord(word, own))));
  return has(groups[0]!) && groups.filter(has).length / groups.length >= NAME_WORDS_MATCHED;
}
