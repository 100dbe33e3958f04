import { MAX_PRICE_RUB } from '#shared/money.ts';
import type { Availability, ProductOffer, ProductSpec } from '#shared/schemas/web-scraper.ts';
import type { Picture } from './types.ts';

/**
 * Reading the values every source has in common, whatever their spelling on a page: texts,
 * prices, currencies, availability, addresses, picture sizes.
 */

/** Spaces of every kind collapsed, trimmed; empty becomes undefined. */
export function cleanText(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]+/g, ' ').trim();
  return text === '' ? undefined : text;
}

/**
 * A price as pages write it (`12990`, `"12 990,00"`, `"12990.00"`, `"12 990 ₽"`, `"1,299.00"`) in
 * kopecks; zero, negative or unreadable gives undefined (a page's «0» means «price on request»).
 */
export function parsePriceKopecks(value: unknown): number | undefined {
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string') {
    const digits = value.replace(/[^\d.,]/g, '');
    const match = /^(\d[\d.,]*)$/.exec(digits);
    if (!match) return undefined;
    number = Number(normaliseDecimal(match[1]!));
  } else return undefined;
  if (!Number.isFinite(number) || number <= 0 || number > MAX_PRICE_RUB) return undefined;
  return Math.round(number * 100);
}

/** The last `.` or `,` followed by one or two digits is the decimal point; the others group thousands. */
function normaliseDecimal(text: string): string {
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,]/g, '');
  return decimal ? `${whole}.${decimal[1]}` : whole;
}

/** ISO 4217 code; roubles in any spelling are RUB. */
export function parseCurrency(value: unknown): string | undefined {
  const text = cleanText(value)?.toUpperCase();
  if (!text) return undefined;
  if (text === 'RUR' || text === '₽' || /^РУБ/.test(text) || text === 'Р.') return 'RUB';
  return /^[A-Z]{3}$/.test(text) ? text : undefined;
}

const IN_STOCK = new Set(['instock', 'limitedavailability', 'instoreonly', 'onlineonly', 'available']);
const OUT_OF_STOCK = new Set(['outofstock', 'soldout', 'discontinued', 'preorder', 'presale', 'backorder', 'oos', 'availablefororder']);

/** schema.org's `https://schema.org/InStock`, `InStock`, Open Graph's `in stock`, `oos`… */
export function parseAvailability(value: unknown): Availability | undefined {
  const text = cleanText(value);
  if (!text) return undefined;
  const key = text.split(/[/:]/).pop()!.toLowerCase().replace(/[\s_-]/g, '');
  if (IN_STOCK.has(key)) return 'in_stock';
  if (OUT_OF_STOCK.has(key)) return 'out_of_stock';
  return undefined;
}

/** Russian wording on a page: «В наличии», «Нет в наличии», «Под заказ». */
export function availabilityFromWords(text: string): Availability | undefined {
  const lower = text.toLowerCase();
  if (/нет в наличии|отсутству|под заказ|ожидается|снят с производства|нет на складе/.test(lower)) return 'out_of_stock';
  if (/в наличии|есть на складе|много|достаточно/.test(lower)) return 'in_stock';
  return undefined;
}

/** An absolute http(s) address without its fragment, or undefined (`data:`, `javascript:`, garbage). */
export function absoluteUrl(value: unknown, base: string): string | undefined {
  const text = cleanText(value);
  if (!text) return undefined;
  try {
    const url = new URL(text, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

/** A size in pixels from `1200`, `"1200"`, `"1200px"` or a QuantitativeValue `{ value: 1200 }`. */
export function pixels(value: unknown): number | undefined {
  const raw = value && typeof value === 'object' && 'value' in value ? (value as { value: unknown }).value : value;
  const number = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number.parseInt(raw, 10) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/**
 * Each picture once (the first mention keeps its place and gains a size a later one tells),
 * those with a known size first, the largest first; the rest in the page's order.
 */
export function orderPictures(pictures: Picture[]): Picture[] {
  const byUrl = new Map<string, Picture>();
  for (const picture of pictures) {
    const seen = byUrl.get(picture.url);
    if (!seen) byUrl.set(picture.url, { ...picture });
    else if (!area(seen) && area(picture)) Object.assign(seen, { width: picture.width, height: picture.height });
  }
  const unique = [...byUrl.values()];
  const sized = unique.filter((p) => area(p) > 0).sort((a, b) => area(b) - area(a));
  return [...sized, ...unique.filter((p) => area(p) === 0)];
}

/** Width × height, or the one side known squared; 0 when unknown. */
function area(picture: Picture): number {
  const { width, height } = picture;
  if (width && height) return width * height;
  return (width ?? height ?? 0) ** 2;
}

/** Name/value pairs without a trailing colon, each name once, empty ones left out. */
export function cleanSpecs(pairs: { name: unknown; value: unknown }[]): ProductSpec[] {
  const specs: ProductSpec[] = [];
  const names = new Set<string>();
  for (const pair of pairs) {
    const name = cleanText(pair.name)?.replace(/\s*:$/, '');
    const value = cleanText(pair.value);
    if (!name || !value || names.has(name.toLowerCase())) continue;
    names.add(name.toLowerCase());
    specs.push({ name, value });
  }
  return specs;
}

const HOME_CRUMBS = /^(главная|главная страница|на главную|home|домой|магазин)$/i;

/** «/», «»», «—» and the like between crumbs. */
export const isCrumbSeparator = (text: string) => /^[\s/>»→|\\—–·-]*$/.test(text);

/** The catalogue path: no «Главная» at the start, no product name at the end, no separators. */
export function cleanBreadcrumbs(items: unknown[], productName: string | undefined): string[] | undefined {
  const crumbs = items.map(cleanText).filter((text): text is string => !!text && !isCrumbSeparator(text));
  if (crumbs.length > 0 && HOME_CRUMBS.test(crumbs[0]!)) crumbs.shift();
  if (crumbs.length > 0 && productName && crumbs.at(-1)!.toLowerCase() === productName.toLowerCase()) crumbs.pop();
  return crumbs.length > 0 ? crumbs : undefined;
}

/** Letters and digits only, lower case, ё as е: «P.I.T. PBH26-C1» and «pit pbh26 c1» read alike. */
const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Whether a breadcrumb is the product rather than a category: it carries the product's SKU, or
 * it is the product's name, whole or cut short («Перфоратор DCK KZC26…» for a longer name).
 */
export function namesProduct(crumb: string, name: string | undefined, sku: string | undefined): boolean {
  const text = comparable(crumb.replace(/(…|\.{3})$/, ''));
  if (!text) return false;
  if (sku && comparable(sku) && ` ${text} `.includes(` ${comparable(sku)} `)) return true;
  if (!name) return false;
  const whole = comparable(name);
  // A cut-short name has a model in it (a digit) or several words; one word is a category («Перфораторы»).
  return text === whole || (whole.startsWith(`${text} `) && (/\d/.test(text) || text.split(' ').length >= 3));
}

/** Offers worth a choice: at least two that differ in SKU, name or price. */
export function distinctOffers(offers: ProductOffer[]): ProductOffer[] | undefined {
  const keys = new Set(offers.map((o) => `${o.sku}|${o.name}|${o.priceKopecks}`));
  return offers.length >= 2 && keys.size >= 2 ? offers : undefined;
}

/** The text without a site's name after « | », « — » or « - » (titles: «Дрель DCK — купить в Инструмент-Про»). */
export function withoutSiteSuffix(title: string, siteName?: string): string {
  if (siteName) {
    const escaped = siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const stripped = title.replace(new RegExp(`\\s+[|—–-]\\s+${escaped}\\s*$`, 'i'), '');
    if (stripped !== title) return stripped;
  }
  const parts = title.split(/\s+[|—–]\s+/);
  return parts.length > 1 ? parts[0]! : title;
}
