import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { ProductOffer } from '#shared/schemas/web-scraper.ts';
import { htmlToText } from './html-text.ts';
import { pictureOfImage } from './images.ts';
import { schemaOffer, schemaProduct, schemaSpecs, somePictures } from './schema-product.ts';
import type { Found, Page, Picture } from './types.ts';
import { absoluteUrl, cleanBreadcrumbs, cleanText, pixels } from './values.ts';

/** schema.org microdata (`itemscope`, `itemtype`, `itemprop`) as the HTML standard defines its values. */

const PRODUCT_TYPE = /schema\.org\/(Product|ProductGroup|IndividualProduct|ProductModel|SomeProducts)$/i;

export function fromMicrodata(page: Page): Found {
  const { $ } = page;
  const scopesOf = (type: RegExp) => $('[itemscope][itemtype]').filter((_, el) => ($(el).attr('itemtype') ?? '').split(/\s+/).some((t) => type.test(t)));
  // The outermost product: products nested in it are accessories or «see also».
  const product = scopesOf(PRODUCT_TYPE).filter((_, el) => $(el).parents('[itemscope][itemtype]').filter((__, p) => PRODUCT_TYPE.test($(p).attr('itemtype') ?? '')).length === 0).first();
  const breadcrumbList = scopesOf(/schema\.org\/BreadcrumbList$/i).first();
  const md = new Microdata($, page.baseUrl);
  if (product.length === 0) return breadcrumbList.length ? { breadcrumbs: md.breadcrumbs(breadcrumbList, undefined) } : {};

  const name = md.text(product, 'name');
  return schemaProduct({
    name,
    codes: [md.text(product, 'sku'), md.text(product, 'mpn'), md.text(product, 'productID')],
    brand: md.named(product, 'brand') ?? md.named(product, 'manufacturer'),
    description: md.html(product, 'description'),
    pictures: md.pictures(product),
    specs: md.specs(product),
    breadcrumbs: breadcrumbList.length ? md.breadcrumbs(breadcrumbList, name) : undefined,
    offers: md.offers(product),
  });
}

class Microdata {
  constructor(
    private readonly $: CheerioAPI,
    private readonly baseUrl: string,
  ) {}

  /** The elements giving property `name` of the item `scope` (not of an item nested inside it). */
  props(scope: Cheerio<Element>, name: string): Cheerio<Element> {
    const $ = this.$;
    return scope.find(`[itemprop~="${name}"]`).filter((_, el) => $(el).parent().closest('[itemscope]').is(scope));
  }

  /** A property's value by the element that gives it: meta content, link href, img src, time datetime, or text. */
  value(el: Cheerio<Element>): string | undefined {
    const tag = el.prop('tagName')?.toLowerCase();
    if (el.attr('content') !== undefined) return cleanText(el.attr('content'));
    if (tag === 'a' || tag === 'link' || tag === 'area') return absoluteUrl(el.attr('href'), this.baseUrl);
    if (tag === 'img' || tag === 'source' || tag === 'video' || tag === 'audio' || tag === 'iframe' || tag === 'embed') return absoluteUrl(el.attr('src'), this.baseUrl);
    if (tag === 'time' && el.attr('datetime')) return cleanText(el.attr('datetime'));
    if ((tag === 'data' || tag === 'meter') && el.attr('value')) return cleanText(el.attr('value'));
    return cleanText(el.text());
  }

  text(scope: Cheerio<Element>, name: string): string | undefined {
    for (const el of this.props(scope, name).toArray()) {
      const value = this.value(this.$(el));
      if (value) return value;
    }
    return undefined;
  }

  /** A Brand or Organization item's name, or the property's own text. */
  named(scope: Cheerio<Element>, name: string): string | undefined {
    for (const el of this.props(scope, name).toArray()) {
      const item = this.$(el);
      const value = item.is('[itemscope]') ? this.text(item, 'name') : this.value(item);
      if (value) return value;
    }
    return undefined;
  }

  /** A description: the element's markup as clean text (a meta tag's content is text already). */
  html(scope: Cheerio<Element>, name: string): string | undefined {
    const el = this.props(scope, name).first();
    if (el.length === 0) return undefined;
    if (el.attr('content') !== undefined) return htmlToText(el.attr('content')!);
    return htmlToText(el.html() ?? '');
  }

  /** Offers and AggregateOffers (with their own offers); a price set on the product itself counts as one. */
  offers(product: Cheerio<Element>): ProductOffer[] {
    const offers: ProductOffer[] = [];
    for (const el of this.props(product, 'offers').toArray()) {
      const offer = this.$(el);
      const nested = this.props(offer, 'offers').filter('[itemscope]');
      if (nested.length > 0) nested.each((_, n) => void offers.push(this.offer(this.$(n), offer)));
      else offers.push(this.offer(offer, undefined));
    }
    if (offers.length === 0 && this.props(product, 'price').length > 0) offers.push(this.offer(product, undefined));
    return offers;
  }

  private offer(offer: Cheerio<Element>, aggregate: Cheerio<Element> | undefined): ProductOffer {
    const specification = this.props(offer, 'priceSpecification').first();
    const from = (name: string) =>
      this.text(offer, name) ?? (specification.length ? this.text(specification, name) : undefined) ?? (aggregate ? this.text(aggregate, name) : undefined);
    const own = offer.is('[itemprop~="offers"]');
    return schemaOffer({
      name: own ? this.text(offer, 'name') : undefined,
      sku: own ? this.text(offer, 'sku') : undefined,
      price: from('price') ?? from('lowPrice'),
      currency: from('priceCurrency'),
      availability: from('availability'),
    });
  }

  /** `image` properties: pictures (their largest variant), links or meta addresses. */
  pictures(product: Cheerio<Element>): Picture[] | undefined {
    const pictures: Picture[] = [];
    this.props(product, 'image').each((_, el) => {
      const item = this.$(el);
      const picture = item.is('img, source')
        ? pictureOfImage(item, this.baseUrl)
        : item.is('[itemscope]')
          ? this.imageObject(item)
          : ((url) => (url ? { url } : undefined))(this.value(item));
      if (picture) pictures.push(picture);
    });
    return somePictures(pictures);
  }

  private imageObject(item: Cheerio<Element>): Picture | undefined {
    const url = absoluteUrl(this.text(item, 'contentUrl') ?? this.text(item, 'url'), this.baseUrl);
    return url ? { url, width: pixels(this.text(item, 'width')), height: pixels(this.text(item, 'height')) } : undefined;
  }

  specs(product: Cheerio<Element>) {
    return schemaSpecs(
      this.props(product, 'additionalProperty')
        .filter('[itemscope]')
        .map((_, el) => {
          const item = this.$(el);
          return { name: this.text(item, 'name'), value: [this.text(item, 'value'), this.text(item, 'unitText')] };
        })
        .get(),
    );
  }

  breadcrumbs(list: Cheerio<Element>, productName: string | undefined): string[] | undefined {
    const items = this.props(list, 'itemListElement')
      .map((index, el) => {
        const item = this.$(el);
        const inner = this.props(item, 'item').first();
        const name = this.text(item, 'name') ?? (inner.is('[itemscope]') ? this.text(inner, 'name') : undefined);
        return { position: Number(this.text(item, 'position')) || index + 1, name };
      })
      .get()
      .sort((a, b) => a.position - b.position);
    return cleanBreadcrumbs(items.map((i) => i.name), productName);
  }
}
