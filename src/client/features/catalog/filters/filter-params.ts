/**
 * The catalogue's filters as they live in the address, under the API's own parameter names
 * (issue 26): `brand` (repeatable), `priceMin`, `priceMax`, `inStock=true`, `branch=<slug>`,
 * `attr.<slug>=<value>` (repeatable) and `attr.<slug>.min` / `.max`. The page, the panel, the
 * chips and the request all read them from here, so a shared or hand-edited link shows the same.
 */

export const BRAND = 'brand';
export const PRICE_MIN = 'priceMin';
export const PRICE_MAX = 'priceMax';
export const IN_STOCK = 'inStock';
export const BRANCH = 'branch';
const ATTR = 'attr.';

/**
 * The messages of a from–to field. `number` and `negative` are the API's (`CATALOG_MESSAGES` of
 * `#shared/schemas/catalog.ts`, the same texts, held equal by filter-params.test.ts): importing
 * them would bring zod into the catalogue pages' script. `order` is the panel's own: the API
 * takes «от» above «до» literally (an empty list), which would leave a customer who swapped the
 * numbers with no products and no reason.
 */
export const RANGE_MESSAGES = {
  number: 'Введите число',
  negative: 'Число не может быть отрицательным',
  order: 'Значение «от» больше значения «до»',
} as const;

export const attrKey = (slug: string) => `${ATTR}${slug}`;
export const attrMinKey = (slug: string) => `${ATTR}${slug}.min`;
export const attrMaxKey = (slug: string) => `${ATTR}${slug}.max`;

/** Whether an address parameter is a filter (as opposed to the query, category, sort, page or view). */
export const isFilterKey = (key: string) =>
  key === BRAND || key === PRICE_MIN || key === PRICE_MAX || key === IN_STOCK || key === BRANCH || key.startsWith(ATTR);

/** The from–to parameters: their text must be a number. */
const isNumberKey = (key: string) => key === PRICE_MIN || key === PRICE_MAX || (key.startsWith(ATTR) && /\.(min|max)$/.test(key));

/**
 * A number as a customer types it in a from–to field («1 100», «2,5», «2.5») in the form the API
 * reads («1100», «2.5»); null when it is not a number.
 */
export function typedNumber(raw: string): string | null {
  const text = raw.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(text) ? String(Number(text)) : null;
}

export type ChosenFilters = {
  /** What the API is asked: parameter → values (sorted, so the same choice is one cached answer). */
  request: Record<string, string[]>;
  /** From–to fields whose text is not a number: parameter → message. They are left out of the request. */
  errors: Record<string, string>;
  /** How many filters are chosen (each value, each range end, each availability choice). */
  count: number;
};

/**
 * The filters of an address. A value that cannot be asked (a word in a from–to field, a branch
 * that no longer exists, an empty field of a form sent without the script) is left out of the
 * request, so the list still shows; a word in a from–to field is shown to the customer as an error.
 */
export function chosenFilters(search: URLSearchParams, branchSlugs: readonly string[]): ChosenFilters {
  const request: Record<string, string[]> = {};
  const errors: Record<string, string> = {};
  let count = 0;
  for (const [key, raw] of search) {
    const value = raw.trim();
    if (!isFilterKey(key) || !value) continue;
    let asked: string | null = value;
    if (isNumberKey(key)) {
      // The API's own messages for the same mistakes: the field says it, the rest of the list still shows.
      asked = typedNumber(value);
      if (asked === null) errors[key] = RANGE_MESSAGES.number;
      else if ((key === PRICE_MIN || key === PRICE_MAX) && Number(asked) < 0) {
        errors[key] = RANGE_MESSAGES.negative;
        asked = null;
      }
    } else if (key === IN_STOCK) asked = value === 'true' ? value : null;
    else if (key === BRANCH) asked = branchSlugs.includes(value) ? value : null;
    if (asked === null) continue;
    const values = (request[key] ??= []);
    // A range end or an availability choice is one value; brands and characteristics may repeat.
    if (isNumberKey(key) || key === IN_STOCK || key === BRANCH) values.splice(0, values.length, asked);
    else if (!values.includes(asked)) values.push(asked);
  }
  // «от» above «до» is said under the range and the range is not asked, as a word in it is not.
  for (const [min, max] of rangePairs(Object.keys(request))) {
    if (Number(request[min]![0]) <= Number(request[max]![0])) continue;
    errors[min] = errors[max] = RANGE_MESSAGES.order;
    delete request[min];
    delete request[max];
  }
  for (const values of Object.values(request)) {
    values.sort();
    count += values.length;
  }
  return { request, errors, count };
}

/** The from–to pairs both of whose ends are among `keys`: [min key, max key]. */
function rangePairs(keys: readonly string[]): [string, string][] {
  const mins = keys.filter((key) => key === PRICE_MIN || (key.startsWith(ATTR) && key.endsWith('.min')));
  return mins.map((min): [string, string] => [min, min === PRICE_MIN ? PRICE_MAX : min.replace(/\.min$/, '.max')]).filter(([, max]) => keys.includes(max));
}

/** The parameters no filter control carries: they travel with the filter form as hidden fields. */
export const keptParams = (search: URLSearchParams) =>
  [...search].filter(([key, value]) => !isFilterKey(key) && key !== 'page' && key !== 't' && value !== '');

/**
 * An address of the same page from a set of parameters: empty fields (a form sent without the
 * script sends every field) and the page number left out, since a change of filters starts from
 * the first page; the sort, view, query and category are kept.
 */
export function filterHref(pathname: string, search: URLSearchParams): string {
  const next = new URLSearchParams([...search].filter(([key, value]) => value.trim() !== '' && key !== 'page' && key !== 't'));
  const text = next.toString();
  return `${pathname}${text ? `?${text}` : ''}`;
}

/** The address without some filters: whole parameters, or one value of a repeatable one. */
export function hrefWithout(pathname: string, search: URLSearchParams, keys: readonly string[], value?: string): string {
  const next = new URLSearchParams([...search].filter(([key, v]) => !keys.includes(key) || (value !== undefined && v !== value)));
  return filterHref(pathname, next);
}

/** The address with no filter at all, the rest kept. */
export const hrefWithoutFilters = (pathname: string, search: URLSearchParams) =>
  filterHref(pathname, new URLSearchParams(keptParams(search)));

/** Whether the address has any filter with a value: such a page is not for search engines (one canonical per category). */
export const hasFilters = (search: URLSearchParams) => [...search].some(([key, value]) => isFilterKey(key) && value.trim() !== '');
