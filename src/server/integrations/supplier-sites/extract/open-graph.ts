import type { Found, Page, Picture } from './types.ts';
import { absoluteUrl, cleanText, parseAvailability, parseCurrency, parsePriceKopecks, pixels, withoutSiteSuffix } from './values.ts';

/**
 * Open Graph and its product tags (`og:*`, `product:*`), as `<meta property>` or, as some sites
 * write them, `<meta name>`.
 */
export function fromOpenGraph(page: Page): Found {
  const { $ } = page;
  const tags = $('meta')
    .toArray()
    .map((el): [string, string] => [($(el).attr('property') ?? $(el).attr('name') ?? '').trim().toLowerCase(), $(el).attr('content') ?? ''])
    .filter(([key]) => /^(og|product):/.test(key));
  const first = (...keys: string[]) => {
    for (const key of keys) {
      const value = cleanText(tags.find(([k]) => k === key)?.[1]);
      if (value) return value;
    }
    return undefined;
  };
  const title = first('og:title');
  return {
    name: title ? withoutSiteSuffix(title, first('og:site_name')) : undefined,
    sku: first('product:retailer_item_id', 'product:sku', 'product:mfr_part_no'),
    brand: first('product:brand', 'og:brand'),
    priceKopecks: parsePriceKopecks(first('product:price:amount', 'og:price:amount', 'product:sale_price:amount')),
    currency: parseCurrency(first('product:price:currency', 'og:price:currency', 'product:sale_price:currency')),
    availability: parseAvailability(first('product:availability', 'og:availability')),
    description: first('og:description'),
    pictures: picturesOf(tags, page.baseUrl),
  };
}

/** Each `og:image` with the `og:image:width` / `:height` that follow it (until the next picture). */
function picturesOf(tags: [string, string][], baseUrl: string): Picture[] | undefined {
  const pictures: Picture[] = [];
  for (const [key, content] of tags) {
    if (key === 'og:image' || key === 'og:image:url' || key === 'og:image:secure_url') {
      const url = absoluteUrl(content, baseUrl);
      const last = pictures.at(-1);
      // `og:image:secure_url` repeats the picture just named.
      if (url && !(key === 'og:image:secure_url' && last)) pictures.push({ url });
    } else if (key === 'og:image:width' && pictures.length) pictures.at(-1)!.width = pixels(content);
    else if (key === 'og:image:height' && pictures.length) pictures.at(-1)!.height = pixels(content);
  }
  return pictures.length > 0 ? pictures : undefined;
}
