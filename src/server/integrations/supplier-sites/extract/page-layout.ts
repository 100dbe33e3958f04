import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { htmlToText } from './html-text.ts';
import { looksLikePicture, pictureOfImage } from './images.ts';
import type { Found, Page, Picture } from './types.ts';
import {
  absoluteUrl,
  availabilityFromWords,
  cleanBreadcrumbs,
  isCrumbSeparator,
  cleanSpecs,
  cleanText,
  parseCurrency,
  parsePriceKopecks,
  withoutSiteSuffix,
} from './values.ts';

/**
 * The page's own structure, for pages without markup: the heading, the price and stock lines,
 * the gallery, the description block, the specification table or list, the breadcrumb trail.
 * Shops name these parts alike (class names with price, stock, gallery, description, breadcrumb).
 */
export function fromPageLayout(page: Page): Found {
  const { $ } = page;
  const specs = specsOf($);
  const name = cleanText($('h1').first().text()) ?? titleName($);
  return {
    name,
    sku: skuOf($) ?? specs?.find((s) => SKU_LABEL.test(s.name))?.value,
    brand: specs?.find((s) => /^(бренд|производитель|торговая марка|марка)$/i.test(s.name))?.value,
    ...priceOf($),
    availability: availabilityOf($),
    description: descriptionOf($),
    shortDescription: cleanText($('meta[name="description" i]').attr('content')),
    pictures: picturesOf($, page.baseUrl),
    specs,
    breadcrumbs: breadcrumbsOf($, name),
  };
}

function titleName($: CheerioAPI): string | undefined {
  const title = cleanText($('title').first().text());
  return title ? withoutSiteSuffix(title) : undefined;
}

const SKU_LABEL = /^(артикул|код товара|код производителя|арт\.)$/i;
const SKU_LINE = /^\s*(артикул|код товара|код производителя|арт\.)\s*[:№#]?\s*/i;

/**
 * «Артикул: PKS185-C2» as an element's leading text, «Артикул: <span>PKS185-C2</span>», or
 * «Артикул» followed by the code in the next element (`<dt>`/`<dd>`, two cells).
 */
function skuOf($: CheerioAPI): string | undefined {
  for (const el of $('body *').not('script, style').toArray()) {
    const item = $(el);
    const nodes = item.contents().toArray();
    const firstTag = nodes.findIndex((node) => node.type === 'tag');
    const leading = cleanText((firstTag === -1 ? nodes : nodes.slice(0, firstTag)).map((node) => (node.type === 'text' ? $(node).text() : '')).join(''));
    if (!leading || !SKU_LINE.test(leading)) continue;
    const code = cleanText(leading.replace(SKU_LINE, '')) ?? (firstTag === -1 ? undefined : cleanText($(nodes[firstTag]!).text())) ?? cleanText(item.next().text());
    if (code && code.length <= 64) return code;
  }
  return undefined;
}

/** Elements whose class names say what they are; `old`/`crossed` prices are a discount's previous price. */
const OLD_PRICE = /old|was|prev|cross|strike|before|economy|discount|saving/i;
const MONEY = /(\d[\d\s\u00a0\u202f]*(?:[.,]\d{1,2})?)\s*(₽|руб\.?|р\.|rub)/i;

function priceOf($: CheerioAPI): Pick<Found, 'priceKopecks' | 'currency'> {
  for (const el of $('[class*="price" i], [id*="price" i]').toArray()) {
    const item = $(el);
    if (OLD_PRICE.test(item.attr('class') ?? '') || item.closest('del, s, strike').length) continue;
    if (item.find('[class*="price" i]').length) continue; // the innermost price element
    const match = MONEY.exec(item.text());
    const kopecks = match ? parsePriceKopecks(match[1]) : undefined;
    if (kopecks) return { priceKopecks: kopecks, currency: parseCurrency(match![2]!.replace(/\.$/, '')) };
  }
  return {};
}

function availabilityOf($: CheerioAPI): Found['availability'] {
  for (const el of $('[class*="stock" i], [class*="availab" i], [class*="nalich" i], [class*="presence" i]').toArray()) {
    const text = cleanText($(el).text());
    const availability = text && text.length < 80 ? availabilityFromWords(text) : undefined;
    if (availability) return availability;
  }
  return undefined;
}

/** The description block: the longest element named so that is not the whole page or a meta tag. */
function descriptionOf($: CheerioAPI): string | undefined {
  const blocks = $('[class*="description" i], [id*="description" i], [class*="descr" i], [id*="descr" i], [class*="opisanie" i]')
    .not('meta, script, style, body, html, [class*="short" i]')
    .toArray()
    .map((el) => $(el))
    // A block inside another named block is a part of it.
    .filter((item, _, all) => !all.some((other) => other[0] !== item[0] && other.find(item).length > 0));
  const best = blocks.sort((a, b) => cleanLength(b) - cleanLength(a))[0];
  // The block's own heading («Описание») is the page's, not the product's.
  return best ? htmlToText(best.html() ?? '')?.replace(/^(описание|описание товара)\s*(\n+|$)/i, '') || undefined : undefined;
}

const cleanLength = (item: Cheerio<Element>) => (cleanText(item.text()) ?? '').length;

/**
 * Gallery pictures: links to the full size and pictures inside a gallery, slider or product image
 * block; without such a block, the first picture inside the main area. Small pictures (thumbnails,
 * icons), whose declared side is under 200 px, are left out.
 */
function picturesOf($: CheerioAPI, baseUrl: string): Picture[] | undefined {
  const gallery = $('[class*="gallery" i], [class*="product-image" i], [class*="product__image" i], [class*="product-photo" i], [class*="slider" i], [class*="carousel" i], [id*="gallery" i]');
  const pictures: Picture[] = [];
  const add = (picture: Picture | undefined) => {
    if (picture && !((picture.width && picture.width < 200) || (picture.height && picture.height < 200))) pictures.push(picture);
  };
  gallery.find('a[href]').each((_, a) => {
    const url = absoluteUrl($(a).attr('href'), baseUrl);
    if (url && looksLikePicture(url)) add({ url });
  });
  // A picture inside a link to its full size is that link's preview.
  const previews = gallery.find('img').filter((_, img) => !looksLikePicture(absoluteUrl($(img).closest('a[href]').attr('href'), baseUrl) ?? ''));
  previews.each((_, img) => add(pictureOfImage($(img), baseUrl)));
  if (pictures.length === 0) {
    const main = $('main img, article img, [class*="product" i] img').first();
    if (main.length) add(pictureOfImage(main, baseUrl));
  }
  const linked = absoluteUrl($('link[rel="image_src"]').attr('href'), baseUrl);
  if (pictures.length === 0 && linked) pictures.push({ url: linked });
  return pictures.length > 0 ? pictures : undefined;
}

/**
 * Name/value pairs from two-cell table rows and definition lists; a table or list near a heading
 * «Характеристики» is preferred, otherwise every one with at least two pairs counts.
 */
function specsOf($: CheerioAPI) {
  const groups = [
    ...$('table').toArray().map((table) => {
      const rows = $(table).find('tr').filter((_, tr) => $(tr).closest('table').is(table));
      const pairs = rows.toArray().flatMap((tr) => {
        const cells = $(tr).children('th, td');
        return cells.length === 2 ? [{ name: $(cells[0]).text(), value: $(cells[1]).text() }] : [];
      });
      return { el: $(table), pairs };
    }),
    ...$('dl').toArray().map((dl) => ({
      el: $(dl),
      pairs: $(dl).children('dt').toArray().map((dt) => ({ name: $(dt).text(), value: $(dt).nextUntil('dt', 'dd').first().text() })),
    })),
  ].filter((g) => g.pairs.length >= 2);
  const titled = groups.filter((g) => /характеристик|параметр|специфик/i.test(headingBefore($, g.el)));
  const chosen = titled.length > 0 ? titled : groups;
  const specs = cleanSpecs(chosen.flatMap((g) => g.pairs));
  return specs.length > 0 ? specs : undefined;
}

/** The caption, or the nearest heading before the element or its containers, or the container's title. */
function headingBefore($: CheerioAPI, el: Cheerio<Element>): string {
  const caption = el.children('caption').text();
  if (caption.trim()) return caption;
  for (let node = el; node.length && !node.is('body'); node = node.parent()) {
    const heading = node.prevAll('h1, h2, h3, h4, h5, h6, .title, [class*="title" i]').first();
    if (heading.length) return heading.text();
    const labelled = node.attr('id') ?? node.attr('class') ?? '';
    if (/spec|harakter|character|param|props/i.test(labelled)) return 'характеристики';
  }
  return '';
}

function breadcrumbsOf($: CheerioAPI, productName: string | undefined): string[] | undefined {
  const trail = $('nav[aria-label*="breadcrumb" i], nav[aria-label*="навигац" i], nav[aria-label*="крошк" i], [class*="breadcrumb" i], [class*="bread-crumb" i], [id*="breadcrumb" i]').first();
  if (trail.length === 0) return undefined;
  const items = trail.find('li').length
    ? trail.find('li').filter((_, li) => $(li).find('li').length === 0)
    : trail.find('a, span').filter((_, el) => $(el).children('a, span').length === 0);
  const crumbs = items
    .toArray()
    .map((el) => ({ text: $(el).text(), link: $(el).closest('a[href]').length + $(el).find('a[href]').length > 0, current: $(el).closest('[aria-current="page"]').length + $(el).find('[aria-current="page"]').length > 0 }))
    .filter((crumb) => !isCrumbSeparator(crumb.text));
  // Categories are links; the trail's last item, when it alone is not one (or is marked the current page), is this page: the product.
  const last = crumbs.at(-1);
  if (last && (last.current || (crumbs.length > 1 && !last.link && crumbs.slice(0, -1).every((crumb) => crumb.link)))) crumbs.pop();
  return cleanBreadcrumbs(crumbs.map((crumb) => crumb.text), productName);
}
