import { isHtml, isNoStore, isPrivate, missingHtmlHeaders } from './answers.ts';
import { ROLES, type Shop } from './shop.ts';

export type PagesResult = { answers: number; withHeaders: number; privateAnswers: number; privateNoStore: number; failures: string[] };

/** Storefront and back-office pages, found and not, and a refused address: every kind of HTML the shop sends. */
export const pageList = (categorySlug: string, productSlug: string) => [
  '/',
  '/products',
  '/products?query=%24%27',
  `/category/${categorySlug}`,
  `/product/${productSlug}`,
  '/product/no-such-product',
  '/no-such-page',
  '/cart',
  '/checkout',
  '/auth',
  '/profile',
  '/order-complete/1',
  '/password-reset',
  '/contacts',
  '/faq',
  '/sitemap',
  '/admin',
  '/admin/orders',
  '/%FF',
];

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

/** A data block (JSON-LD): the browser never runs it, so the CSP does not apply. */
const isDataBlock = (attributes: string) => /\btype="application\/(?:ld\+)?json"/.test(attributes);

/** Inline scripts (no src) without the response's nonce: the CSP would block them. */
const scriptsWithoutNonce = (html: string, nonce: string | undefined) =>
  [...html.matchAll(/<script\b([^>]*)>/g)].filter(
    ([, attributes]) => !/\bsrc=/.test(attributes!) && !isDataBlock(attributes!) && !attributes!.includes(`nonce="${nonce}"`),
  ).length;

/**
 * The production pages (the built SSR bundle), as every role: each HTML answer carries the
 * headers of item 5 with a nonce that is new on every answer and on every inline script, and
 * every personal page is `no-store`.
 */
export async function checkPages(shop: Shop, pages: string[], https: boolean): Promise<PagesResult> {
  const result: PagesResult = { answers: 0, withHeaders: 0, privateAnswers: 0, privateNoStore: 0, failures: [] };
  const seenNonces = new Set<string>();
  for (const role of ROLES) {
    for (const url of pages) {
      const res = await shop.app.inject({ method: 'GET', url, headers: role === 'anonymous' ? {} : { cookie: shop.cookies[role] } });
      const where = `${role} ${url} (${res.statusCode}${https ? ', https' : ''})`;
      if (!isHtml(res.headers)) {
        result.failures.push(`${where}: not HTML (${res.headers['content-type']})`);
        continue;
      }
      result.answers += 1;
      const missing = missingHtmlHeaders(res.headers, https);
      const nonce = nonceOf(String(res.headers['content-security-policy'] ?? ''));
      if (nonce && seenNonces.has(nonce)) missing.push('a nonce of its own');
      if (nonce) seenNonces.add(nonce);
      const unsigned = scriptsWithoutNonce(res.body, nonce);
      if (unsigned) missing.push(`the nonce on ${unsigned} inline script(s)`);
      if (missing.length) result.failures.push(`${where}: no ${missing.join(', ')}`);
      else result.withHeaders += 1;
      if (isPrivate({ url: '(pages)', access: 'public', page: true }, url, role, true)) {
        result.privateAnswers += 1;
        if (isNoStore(res.headers)) result.privateNoStore += 1;
        else result.failures.push(`${where}: cache-control ${res.headers['cache-control']}, not no-store`);
      }
    }
  }
  return result;
}
