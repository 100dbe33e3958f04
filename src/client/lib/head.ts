import type { PublicSettings } from '#shared/schemas/settings.ts';
import type { PageMeta } from './page.ts';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export type ResolvedHead = {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  image: string | null;
  noindex: boolean;
  ogType: string;
  jsonLd: object[];
};

const absolute = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

/** The page's meta merged with the SEO settings: the one source of the document head. */
export function resolveHead(meta: PageMeta, settings: PublicSettings, publicUrl: string, pathname: string): ResolvedHead {
  const { seo } = settings;
  const image = meta.image || seo.ogImage || null;
  return {
    title: meta.title ? `${meta.title} — ${seo.siteTitle}` : seo.siteTitle,
    description: meta.description || seo.metaDescription,
    keywords: seo.metaKeywords,
    canonical: absolute(publicUrl, meta.canonicalPath ?? pathname),
    image: image ? absolute(publicUrl, image) : null,
    noindex: meta.noindex ?? false,
    ogType: meta.ogType ?? 'website',
    jsonLd: meta.jsonLd ?? [],
  };
}

/** Every tag renderHeadTags writes: what the client replaces after a navigation. */
export const MANAGED_HEAD_SELECTOR = [
  'title',
  'meta[name="description"]',
  'meta[name="keywords"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(', ');

export function renderHeadTags(head: ResolvedHead, siteName: string): string {
  const tags = [
    `<title>${esc(head.title)}</title>`,
    `<meta name="description" content="${esc(head.description)}">`,
    head.keywords ? `<meta name="keywords" content="${esc(head.keywords)}">` : '',
    `<link rel="canonical" href="${esc(head.canonical)}">`,
    head.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:site_name" content="${esc(siteName)}">`,
    `<meta property="og:locale" content="ru_RU">`,
    `<meta property="og:title" content="${esc(head.title)}">`,
    `<meta property="og:description" content="${esc(head.description)}">`,
    `<meta property="og:url" content="${esc(head.canonical)}">`,
    head.image ? `<meta property="og:image" content="${esc(head.image)}">` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${esc(head.title)}">`,
    `<meta name="twitter:description" content="${esc(head.description)}">`,
    head.image ? `<meta name="twitter:image" content="${esc(head.image)}">` : '',
    ...head.jsonLd.map((d) => `<script type="application/ld+json">${JSON.stringify(d).replace(/</g, '\\u003c')}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
