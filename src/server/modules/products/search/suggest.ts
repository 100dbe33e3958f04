import { kopecksToRub } from '#shared/money.ts';
import {
  SUGGEST_MAX_CATEGORIES,
  SUGGEST_MAX_PRODUCTS,
  SUGGEST_MIN_CHARS,
  type SearchSuggestions,
  type SuggestedCategory,
  type SuggestedProduct,
} from '#shared/search-suggestions.ts';
import type { CatalogSearch } from './catalog-search.ts';
import { latinToCyrillic, normalizeSku, normalizeText, tokenize, withSynonyms, type WordGroup } from './query.ts';
import type { CountedCategory, IndexedProduct } from './search-index.ts';

/**
 * Search as you type (issue 26): the products the results page would show first (the same
 * search: typos, the other layout, synonyms, SKU fragments; an exact SKU first), and the
 * categories whose names match the words, then those the best matches are in. All from the
 * search index, which keeps what a suggestion shows of products and categories.
 */

/** The best matches whose categories are suggested after the categories named. */
const CATEGORY_SAMPLE = 30;

/** The usual Russian endings dropped, so «дрель» finds «Дрели» and «перфоратор» «Перфораторы». */
const stemOf = (word: string) => (word.length >= 5 ? word.replace(/[аяоеиыуюйь]+$/u, '') : word);

/** Whether a word typed (maybe cut off) is a word of the name: its start, or the word with another ending. */
const wordMatches = (typed: string, words: string[]) =>
  words.some((word) => word.startsWith(typed) || (word.length >= 5 && typed.startsWith(stemOf(word))));

/**
 * How many of the typed words a category's name has (a word counts by any of its synonyms: «болгарка»
 * finds «Угловые шлифмашины (УШМ)»), in the words as typed or as typed in the other layout. Each
 * reading comes as its words' synonym groups (`withSynonyms`), made once for all the categories.
 */
function nameHits(category: CountedCategory, readings: WordGroup[][]): number {
  let best = 0;
  for (const groups of readings) {
    let hits = 0;
    for (const group of groups) {
      if (group.some((phrase) => phrase.every((word) => wordMatches(word, category.words)))) hits++;
    }
    best = Math.max(best, hits);
  }
  return best;
}

const toSuggested = (product: IndexedProduct): SuggestedProduct => ({
  id: product.id,
  slug: product.slug,
  name: product.shownName,
  sku: product.sku,
  price: product.priceKopecks === null ? null : kopecksToRub(product.priceKopecks),
  imageUrl: product.imageUrl,
});

/** `GET /api/search/suggest?q=`: nothing for fewer than two characters. */
export async function suggestSearch(search: CatalogSearch, typed: string): Promise<SearchSuggestions> {
  const query = normalizeText(typed);
  if (query.length < SUGGEST_MIN_CHARS) return { query, categories: [], products: [] };

  // Ranked as the results page ranks (and kept with it): Enter on what is typed finds it ready.
  const ranked = await search.rank(query, { status: 'active' }, 'featured');
  const { products: sample, categories } = await search.shown(ranked.ids.slice(0, CATEGORY_SAMPLE));

  // The ranking puts an exact SKU right after a whole name typed; a suggestion puts it first.
  const sku = normalizeSku(query);
  const exact = sample.findIndex((product) => product.skuNorm === sku);
  const top = exact > 0 ? [sample[exact]!, ...sample.filter((_, i) => i !== exact)] : sample;

  const readings = [tokenize(query)];
  if (/[a-z]/.test(query)) readings.push(tokenize(latinToCyrillic(query)));
  const groups = readings.map((words) => words.map(withSynonyms));
  const named = categories
    .map((category) => ({ category, hits: nameHits(category, groups) }))
    .filter((c) => c.hits > 0)
    .sort((a, b) => b.hits - a.hits || b.category.count - a.category.count)
    .map((c) => c.category);
  // Then the categories of the best matches, the one holding most of them first.
  const held = new Map<number, number>();
  for (const { categoryId } of sample) if (categoryId !== null) held.set(categoryId, (held.get(categoryId) ?? 0) + 1);
  const byId = new Map(categories.map((category) => [category.id, category]));
  const holding = [...held.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => byId.get(id))
    .filter((category): category is CountedCategory => category !== undefined);
  const suggested = [...new Set([...named, ...holding])].slice(0, SUGGEST_MAX_CATEGORIES);
  // Two or three letters («пе», «ак») are too short to find products by, yet name a category:
  // its leading products stand in, as the category page would show them first.
  const products = top.length === 0 && suggested[0] ? await search.leadingProducts(suggested[0].id, SUGGEST_MAX_PRODUCTS) : top;

  return {
    query,
    categories: suggested.map(({ name, slug, count }): SuggestedCategory => ({ name, slug, count })),
    products: products.slice(0, SUGGEST_MAX_PRODUCTS).map(toSuggested),
  };
}
