/**
 * `url` as an absolute address under `origin` (structured data wants absolute URLs). lib/head.ts
 * keeps its own copy: exporting it from the shell costs first-load bytes.
 */
export const absoluteUrl = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

/** schema.org BreadcrumbList of a page's breadcrumbs (paths or absolute URLs). */
export function breadcrumbJsonLd(origin: string, items: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}
