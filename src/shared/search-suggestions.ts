/**
 * Search as you type (issue 26): what the header's search field suggests while the customer
 * types, from `GET /api/search/suggest?q=`.
 */

/** Fewer characters than this suggest nothing: one letter is in almost every name. */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_MAX_CATEGORIES = 5;
export const SUGGEST_MAX_PRODUCTS = 6;

/** A category suggested: its name matches the words, or the best matches are in it. `count`: its active products. */
export type SuggestedCategory = { name: string; slug: string; count: number };

/** A product suggested, with what the list shows of it; `price` in roubles, null or 0 «Цена по запросу». */
export type SuggestedProduct = { id: number; slug: string; name: string; sku: string; price: number | null; imageUrl: string | null };

export type SearchSuggestions = { query: string; categories: SuggestedCategory[]; products: SuggestedProduct[] };
