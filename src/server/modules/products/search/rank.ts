import type { Sort } from '#shared/constants.ts';
import { hasPrice } from '#shared/money.ts';
import { nameAsWords } from './query.ts';
import type { IndexedProduct } from './search-index.ts';

/** Whether a word of the name (as nameAsWords gives it) starts with `stem`. */
function startsAWord(name: string, stem: string): boolean {
  for (let at = name.indexOf(stem); at >= 0; at = name.indexOf(stem, at + 1)) {
    if (at === 0 || name[at - 1] === ' ') return true;
  }
  return false;
}

/**
 * Ranks candidates: the product whose whole name was typed, then SKU typed exactly, then SKU starting with what was typed, then the number of
 * query stems found at the start of a word of the name (name matches above description matches),
 * then names that start with the query (the kind of product), then featured and best-selling
 * first. Other sorts order the matches by price, date or sales.
 */
export function rankCandidates(rows: IndexedProduct[], stems: string[], skus: string[], sort: Sort, query: string): number[] {
  const usefulStems = [...new Set(stems.filter((s) => s.length > 0))];
  const typedName = nameAsWords(query);
  const scored = rows.map((row) => {
    const sku = row.skuNorm;
    const skuRank = skus.some((s) => sku === s) ? 3 : skus.some((s) => sku.startsWith(s)) ? 2 : skus.some((s) => sku.includes(s)) ? 1 : 0;
    let nameHits = 0;
    for (const stem of usefulStems) if (startsAWord(row.name, stem)) nameHits++;
    // A Russian product name starts with what the product is: 'Аккумулятор …' before '… аккумуляторный'.
    const leadHit = usefulStems.some((stem) => row.name.startsWith(stem)) ? 1 : 0;
    return {
      id: row.id,
      // Models of one family share the start of their SKU (KZC26, KZC26-EK): the name decides.
      wholeName: row.name === typedName ? 1 : 0,
      skuRank,
      nameHits,
      leadHit,
      featured: row.isFeatured ? 1 : 0,
      sales: row.salesCount,
      price: row.priceKopecks ?? 0,
      created: row.createdAt,
    };
  });
  type Scored = (typeof scored)[number];
  const byId = (a: Scored, b: Scored) => b.id - a.id;
  const relevance = (a: Scored, b: Scored) =>
    b.wholeName - a.wholeName || b.skuRank - a.skuRank || b.nameHits - a.nameHits || b.leadHit - a.leadHit || b.featured - a.featured || b.sales - a.sales || byId(a, b);
  const priced = (a: Scored, b: Scored) => Number(hasPrice(b.price)) - Number(hasPrice(a.price));
  const compare: Record<Sort, (a: Scored, b: Scored) => number> = {
    featured: relevance,
    'price-low': (a, b) => priced(a, b) || a.price - b.price || a.id - b.id,
    'price-high': (a, b) => priced(a, b) || b.price - a.price || byId(a, b),
    newest: (a, b) => b.created - a.created || byId(a, b),
    popular: (a, b) => b.sales - a.sales || byId(a, b),
  };
  return scored.sort(compare[sort]).map((s) => s.id);
}
