import type { Cheerio } from 'cheerio';
import type { Element } from 'domhandler';
import type { Picture } from './types.ts';
import { absoluteUrl, pixels } from './values.ts';

/** Attributes shops keep the full-size picture in (zoom galleries, lazy loading), best first. */
const FULL_SIZE_ATTRIBUTES = ['data-zoom-image', 'data-zoom', 'data-large', 'data-large-src', 'data-full', 'data-original', 'data-src', 'data-lazy'];

/**
 * The largest picture an `<img>` (or `<source>`) offers: a zoom or lazy-load attribute, the widest
 * `srcset` candidate, then `src`; with its width and height when the markup tells them.
 */
export function pictureOfImage(img: Cheerio<Element>, baseUrl: string): Picture | undefined {
  for (const attribute of FULL_SIZE_ATTRIBUTES) {
    const url = absoluteUrl(img.attr(attribute), baseUrl);
    if (url && !isPlaceholder(url)) return { url };
  }
  const widest = widestCandidate(img.attr('srcset') ?? img.attr('data-srcset'), baseUrl);
  if (widest) return widest;
  const url = absoluteUrl(img.attr('src'), baseUrl);
  if (!url || isPlaceholder(url)) return undefined;
  return { url, width: pixels(img.attr('width')), height: pixels(img.attr('height')) };
}

/** `a.jpg 400w, b.jpg 1200w` → b.jpg at 1200 px wide; `2x` descriptors order without a width. */
function widestCandidate(srcset: string | undefined, baseUrl: string): Picture | undefined {
  if (!srcset) return undefined;
  const candidates = srcset
    .split(/,\s+/)
    .map((part) => {
      const [address, descriptor = ''] = part.trim().split(/\s+/);
      const width = /^(\d+)w$/.exec(descriptor)?.[1];
      const density = /^([\d.]+)x$/.exec(descriptor)?.[1];
      return { url: absoluteUrl(address, baseUrl), width: width ? Number(width) : undefined, rank: width ? Number(width) : Number(density ?? 1) };
    })
    .filter((c): c is { url: string; width: number | undefined; rank: number } => !!c.url && !isPlaceholder(c.url));
  const best = candidates.sort((a, b) => b.rank - a.rank)[0];
  return best ? { url: best.url, width: best.width } : undefined;
}

/** Lazy-loading stand-ins and icons are not product pictures. */
function isPlaceholder(url: string): boolean {
  return /\.svg(\?|$)|(^|[/_-])(blank|placeholder|spacer|pixel|loader|no[-_]?photo|noimage|lazy)[^/]*\.(gif|png|jpe?g|webp)(\?|$)/i.test(url);
}

/** An address that looks like a picture file (a gallery's `<a href>` to the full size). */
export function looksLikePicture(url: string): boolean {
  return /\.(jpe?g|png|webp|gif|avif)(\?|$)/i.test(url) && !isPlaceholder(url);
}
