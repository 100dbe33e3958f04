import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connection.ts';
import { kopecksToRub } from '#shared/money.ts';
import {
  SUGGEST_MAX_CATEGORIES,
  SUGGEST_MAX_PRODUCTS,
  SUGGEST_MIN_CHARS,
  type SearchSuggestions,
  type SuggestedCategory,
  type SuggestedProduct,
} from '#shared/search-suggestions.ts';
import type { CatalogMemo } from '../answer-cache/memo.ts';
import type { CatalogSearch } from './catalog-search.ts';
import { latinToCyrillic, normalizeSku, normalizeText, tokenize, withSynonyms } from './query.ts';

/**
 * Search as you type (issue 26): the products the results page would show first (the same
 * search: typos, the other layout, synonyms, SKU fragments; an exact SKU first), and the
 * categories whose names match the words, then those the best matches are in.
 */

/** The best matches whose categories are suggested after the categories named. */
const CATEGORY_SAMPLE = 30;

type CategoryRow = { id: number; name: string; slug: string; count: number; words: string[] };

/** The usual Russian endings dropped, so «дрель» finds «Дрели» and «перфоратор» «Перфораторы». */
const stemOf = (word: string) => (word.length >= 5 ? word.replace(/[аяоеиыуюйь]+$/u, '') : word);

/** Categories with active products, their names as words: read once per catalogue version. */
async function loadCategories(db: Db): Promise<CategoryRow[]> {
  const rows = rowsOf<{ id: number; name: string; slug: string; count: number }>(
    await db.execute(sql`
      select c.id, c.name, c.slug, sum(f.n)::int as count
      from categories c join product_facets f on f.category_id = c.id
      group by c.id having sum(f.n) > 0
      order by c.sort_order, c.id`),
  );
  return rows.map((row) => ({ ...row, count: Number(row.count), words: tokenize(row.name) }));
}

/** Whether a word typed (maybe cut off) is a word of the name: its start, or the word with another ending. */
const wordMatches = (typed: string, words: string[]) =>
  words.some((word) => word.startsWith(typed) || (word.length >= 5 && typed.startsWith(stemOf(word))));

/**
 * How many of the typed words a category's name has (a word counts by any of its synonyms: «болгарка»
 * finds «Угловые шлифмашины (УШМ)»), in the words as typed or as typed in the other layout.
 */
function nameHits(category: CategoryRow, readings: string[][]): number {
  let best = 0;
  for (const words of readings) {
    let hits = 0;
    for (const typed of words) {
      if (withSynonyms(typed).some((phrase) => phrase.every((word) => wordMatches(word, category.words)))) hits++;
    }
    best = Math.max(best, hits);
  }
  return best;
}

type ProductRow = { id: number; slug: string; name: string; sku: string; sku_norm: string; price_kopecks: number | null; image_url: string | null; category_id: number | null };

async function productRows(db: Db, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<ProductRow>(
    await db.execute(sql`
      select id, slug, name, sku, sku_norm, price_kopecks, image_url, category_id
      from products where id = any(${`{${ids.join(',')}}`}::int[])`),
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is ProductRow => row !== undefined);
}

const toSuggested = (row: ProductRow): SuggestedProduct => ({
  id: Number(row.id),
  slug: row.slug,
  name: row.name,
  sku: row.sku,
  price: row.price_kopecks === null ? null : kopecksToRub(Number(row.price_kopecks)),
  imageUrl: row.image_url,
});

/** `GET /api/search/suggest?q=`: nothing for fewer than two characters. */
export async function suggestSearch(db: Db, memo: CatalogMemo, search: CatalogSearch, typed: string): Promise<SearchSuggestions> {
  const query = normalizeText(typed);
  if (query.length < SUGGEST_MIN_CHARS) return { query, categories: [], products: [] };

  const [ranked, categories] = await Promise.all([
    // Ranked as the results page ranks (and kept with it): Enter on what is typed finds it ready.
    search.rank(query, { status: 'active' }, 'featured'),
    memo.once('suggest-categories', () => loadCategories(db)),
  ]);
  const sample = await productRows(db, ranked.ids.slice(0, CATEGORY_SAMPLE));

  // The ranking puts an exact SKU right after a whole name typed; a suggestion puts it first.
  const sku = normalizeSku(query);
  const exact = sample.findIndex((row) => row.sku_norm === sku);
  const top = exact > 0 ? [sample[exact]!, ...sample.filter((_, i) => i !== exact)] : sample;

  const readings = [tokenize(query)];
  if (/[a-z]/.test(query)) readings.push(tokenize(latinToCyrillic(query)));
  const named = categories
    .map((category) => ({ category, hits: nameHits(category, readings) }))
    .filter((c) => c.hits > 0)
    .sort((a, b) => b.hits - a.hits || b.category.count - a.category.count)
    .map((c) => c.category);
  // Then the categories of the best matches, the one holding most of them first.
  const held = new Map<number, number>();
  for (const row of sample) if (row.category_id !== null) held.set(Number(row.category_id), (held.get(Number(row.category_id)) ?? 0) + 1);
  const byId = new Map(categories.map((category) => [category.id, category]));
  const holding = [...held.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => byId.get(id))
    .filter((category): category is CategoryRow => category !== undefined);
  const suggested = [...new Set([...named, ...holding])].slice(0, SUGGEST_MAX_CATEGORIES);

  return {
    query,
    categories: suggested.map(({ name, slug, count }): SuggestedCategory => ({ name, slug, count })),
    products: top.slice(0, SUGGEST_MAX_PRODUCTS).map(toSuggested),
  };
}
