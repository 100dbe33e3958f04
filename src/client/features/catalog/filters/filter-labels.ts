import { formatNumber } from '#shared/number-format.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import type { Facet } from '#shared/types.ts';
import {
  attrKey,
  attrMaxKey,
  attrMinKey,
  BRAND,
  BRANCH,
  IN_STOCK,
  PRICE_MAX,
  PRICE_MIN,
  typedNumber,
  type ChosenFilters,
} from './filter-params.ts';

/** A number as the panel and chips show it: «1 100», «2,5». */
export const formatFilterNumber = (n: number) => formatNumber(n, 3);

/** «от 800 до 1 200 Вт», «от 800 Вт», «до 1 200 Вт»: a range as chosen; null when neither end is a number. */
function rangeText(min: string | undefined, max: string | undefined, unit: string | null): string | null {
  const from = min === undefined ? null : typedNumber(min);
  const to = max === undefined ? null : typedNumber(max);
  if (from === null && to === null) return null;
  const parts = [from !== null && `от ${formatFilterNumber(Number(from))}`, to !== null && `до ${formatFilterNumber(Number(to))}`].filter(Boolean);
  return `${parts.join(' ')}${unit ? ` ${unit}` : ''}`;
}

/** A chosen filter as a removable chip: its text and the parameters (or the one value) it takes away. */
export type Chip = { label: string; keys: string[]; value?: string };

/**
 * The chips of the chosen filters, in the panel's order. A characteristic the answer does not
 * describe (an old link, another category's) is still shown by its name in the address, so it can
 * be taken away.
 */
export function filterChips(chosen: ChosenFilters, facets: Facet[], branches: readonly Branch[]): Chip[] {
  const { request } = chosen;
  const chips: Chip[] = [];
  const price = rangeText(request[PRICE_MIN]?.[0], request[PRICE_MAX]?.[0], '₽');
  if (price) chips.push({ label: `Цена: ${price}`, keys: [PRICE_MIN, PRICE_MAX] });
  if (request[IN_STOCK]) chips.push({ label: 'В наличии', keys: [IN_STOCK] });
  const branch = branches.find((b) => b.slug === request[BRANCH]?.[0]);
  if (branch) chips.push({ label: `В наличии в ${branch.cityIn}`, keys: [BRANCH] });
  for (const value of request[BRAND] ?? []) chips.push({ label: `Бренд: ${value}`, keys: [BRAND], value });

  const described = new Set(facets.map((f) => f.slug));
  const characteristics = [
    ...facets,
    ...Object.keys(request)
      .filter((key) => key.startsWith('attr.'))
      .map((key) => key.replace(/^attr\./, '').replace(/\.(min|max)$/, ''))
      .filter((slug, i, all) => !described.has(slug) && all.indexOf(slug) === i)
      .map((slug): Facet => ({ slug, name: slug, unit: null, kind: 'text', values: [] })),
  ];
  for (const facet of characteristics) {
    const range = rangeText(request[attrMinKey(facet.slug)]?.[0], request[attrMaxKey(facet.slug)]?.[0], facet.unit);
    if (range) chips.push({ label: `${facet.name}: ${range}`, keys: [attrMinKey(facet.slug), attrMaxKey(facet.slug)] });
    for (const value of request[attrKey(facet.slug)] ?? []) chips.push({ label: `${facet.name}: ${value}`, keys: [attrKey(facet.slug)], value });
  }
  return chips;
}
