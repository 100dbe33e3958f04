import type { ProductOffer } from '#shared/schemas/web-scraper.ts';
import { htmlToText } from './html-text.ts';
import { schemaOffer, schemaProduct, schemaSpecs, somePictures } from './schema-product.ts';
import type { Found, Page, Picture } from './types.ts';
import { absoluteUrl, cleanBreadcrumbs, cleanText, pixels } from './values.ts';

/**
 * schema.org `Product` in `<script type="application/ld+json">`: a single object, an array, or
 * an `@graph`; offers as one Offer, a list, or an AggregateOffer; references by `@id` followed.
 */

type Node = Record<string, unknown>;

const PRODUCT_TYPES = new Set(['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel', 'SomeProducts']);
const PAGE_TYPES = new Set(['WebPage', 'ItemPage']);

export function fromJsonLd(page: Page): Found {
  const blocks = page.$('script[type="application/ld+json" i]').map((_, el) => page.$(el).text()).get();
  const topLevel = blocks.flatMap(parseBlock).flatMap(unwrapGraph);
  const ids = indexById(topLevel);
  const resolve = (value: unknown): unknown => {
    const id = isNode(value) ? value['@id'] : undefined;
    return typeof id === 'string' && Object.keys(value as Node).length === 1 ? (ids.get(id) ?? value) : value;
  };
  // The page's main product: a page's mainEntity first, otherwise the first product at the top.
  const mainEntities = topLevel.filter((n) => hasType(n, PAGE_TYPES)).flatMap((n) => list(n.mainEntity).map(resolve));
  const product = [...mainEntities, ...topLevel].filter(isNode).find((n) => hasType(n, PRODUCT_TYPES));
  const breadcrumbList = everyNode(topLevel).find((n) => hasType(n, new Set(['BreadcrumbList'])));
  if (!product) return breadcrumbList ? { breadcrumbs: breadcrumbsOf(breadcrumbList, resolve, undefined) } : {};
  return productOf(product, page.baseUrl, resolve, breadcrumbList);
}

function productOf(product: Node, baseUrl: string, resolve: (v: unknown) => unknown, breadcrumbList: Node | undefined): Found {
  const name = typeof product.name === 'string' ? cleanText(htmlToText(product.name)) : undefined;
  return schemaProduct({
    name,
    codes: [cleanText(product.sku), cleanText(product.mpn), cleanText(product.productID)],
    brand: nameOf(resolve(product.brand), resolve) ?? nameOf(resolve(product.manufacturer), resolve),
    description: typeof product.description === 'string' ? htmlToText(product.description) : undefined,
    pictures: picturesOf(product.image, baseUrl, resolve),
    specs: specsOf(product.additionalProperty, resolve),
    breadcrumbs: breadcrumbList ? breadcrumbsOf(breadcrumbList, resolve, name) : undefined,
    offers: offersOf(product, resolve),
  });
}

/** A JSON-LD block; a broken one (HTML comments, CDATA, bad JSON) is read where it can be, or skipped. */
function parseBlock(text: string): Node[] {
  const cleaned = text.replace(/^\s*(<!--|\/\/\s*<!\[CDATA\[)/, '').replace(/(-->|\/\/\s*\]\]>)\s*$/, '');
  try {
    return list(JSON.parse(cleaned)).filter(isNode);
  } catch {
    try {
      // Raw line breaks inside strings are the commonest fault of hand-made JSON-LD.
      return list(JSON.parse(cleaned.replace(/[\r\n\t]+/g, ' '))).filter(isNode);
    } catch {
      return [];
    }
  }
}

function unwrapGraph(node: Node): Node[] {
  return Array.isArray(node['@graph']) ? node['@graph'].filter(isNode).flatMap(unwrapGraph) : [node];
}

function indexById(nodes: Node[]): Map<string, Node> {
  const ids = new Map<string, Node>();
  for (const node of everyNode(nodes)) {
    if (typeof node['@id'] === 'string' && Object.keys(node).length > 1 && !ids.has(node['@id'])) ids.set(node['@id'], node);
  }
  return ids;
}

/** Every object inside, nested ones included (breadcrumbs may sit in a WebPage's `breadcrumb`). */
function everyNode(nodes: unknown[]): Node[] {
  const found: Node[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isNode(value)) {
      found.push(value);
      Object.values(value).forEach(visit);
    }
  };
  nodes.forEach(visit);
  return found;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);

/** `Product`, `schema:Product`, `http://schema.org/Product` or a list holding one of them. */
function hasType(node: Node, types: Set<string>): boolean {
  return list(node['@type']).some((t) => typeof t === 'string' && types.has(t.replace(/^(https?:\/\/schema\.org\/|schema:)/, '')));
}

function nameOf(value: unknown, resolve: (v: unknown) => unknown): string | undefined {
  for (const item of list(value).map(resolve)) {
    const name = typeof item === 'string' ? cleanText(item) : isNode(item) ? cleanText(item.name) : undefined;
    if (name) return name;
  }
  return undefined;
}

/**
 * The product's offers in page order: an AggregateOffer's own offers when it lists them,
 * otherwise its lowest price; a ProductGroup's variants each with their offer.
 */
function offersOf(product: Node, resolve: (v: unknown) => unknown): ProductOffer[] {
  const offers: ProductOffer[] = [];
  for (const raw of list(product.offers).map(resolve)) {
    if (!isNode(raw)) continue;
    const nested = list(raw.offers).map(resolve).filter(isNode);
    if (nested.length > 0) offers.push(...nested.map((offer) => offerOf(offer, raw)));
    else offers.push(offerOf(raw, undefined));
  }
  for (const variant of list(product.hasVariant).map(resolve).filter(isNode)) {
    const offer = list(variant.offers).map(resolve).find(isNode);
    const own = offer ? offerOf(offer, undefined) : { name: null, sku: null, priceKopecks: null, currency: null, availability: null };
    offers.push({ ...own, name: cleanText(variant.name) ?? own.name, sku: cleanText(variant.sku) ?? cleanText(variant.mpn) ?? own.sku });
  }
  return offers;
}

function offerOf(offer: Node, aggregate: Node | undefined): ProductOffer {
  const specification = list(offer.priceSpecification).find(isNode);
  const price = offer.price ?? specification?.price ?? offer.lowPrice;
  return schemaOffer({
    name: cleanText(offer.name) ?? (isNode(offer.itemOffered) ? cleanText(offer.itemOffered.name) : undefined),
    sku: cleanText(offer.sku) ?? cleanText(offer.mpn),
    price,
    currency: offer.priceCurrency ?? specification?.priceCurrency ?? aggregate?.priceCurrency,
    availability: offer.availability ?? aggregate?.availability,
  });
}

/** `image`: an address, a list, an ImageObject (url or contentUrl, with width and height), or a mix. */
function picturesOf(value: unknown, baseUrl: string, resolve: (v: unknown) => unknown): Picture[] | undefined {
  const pictures: Picture[] = [];
  for (const item of list(value).map(resolve)) {
    if (typeof item === 'string') {
      const url = absoluteUrl(item, baseUrl);
      if (url) pictures.push({ url });
    } else if (isNode(item)) {
      const url = absoluteUrl(item.contentUrl ?? item.url, baseUrl);
      if (url) pictures.push({ url, width: pixels(item.width), height: pixels(item.height) });
    }
  }
  return somePictures(pictures);
}

/** `additionalProperty`: PropertyValue name, value and unit (`unitText`). */
function specsOf(value: unknown, resolve: (v: unknown) => unknown) {
  return schemaSpecs(
    list(value)
      .map(resolve)
      .filter(isNode)
      .map((p) => ({ name: p.name, value: [cleanText(p.value), cleanText(p.unitText)] })),
  );
}

function breadcrumbsOf(node: Node, resolve: (v: unknown) => unknown, productName: string | undefined): string[] | undefined {
  const items = list(node.itemListElement)
    .map(resolve)
    .filter(isNode)
    .map((item, index) => ({ position: Number(item.position) || index + 1, name: item.name ?? nameOf(resolve(item.item), resolve) }))
    .sort((a, b) => a.position - b.position);
  return cleanBreadcrumbs(items.map((i) => i.name), productName);
}
