import type { Access } from '#server/core/app-types.ts';
import type { Role } from './shop.ts';

type Headers = Record<string, string | string[] | number | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return value === undefined ? undefined : String(value);
};

/** A V8 stack frame (`at fn (/path/file.ts:12:5)`) or a path into the code. */
const STACK_TRACE = /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/|\/|node:)[^\s)]*:\d+:\d+|node_modules\/|src\/server\//;

export const hasStackTrace = (body: string) => STACK_TRACE.test(body);

/**
 * The headers of issue 15, item 5, every HTML answer must carry: a strict CSP with a nonce,
 * and the browser's other protections; HSTS when the shop is served over https. Returns what is missing.
 */
export function missingHtmlHeaders(headers: Headers, https: boolean): string[] {
  const missing: string[] = [];
  const csp = header(headers, 'content-security-policy');
  if (!csp) missing.push('Content-Security-Policy');
  else {
    // Pages rendered by the app carry a nonce; static pages (offline, a refused address) list
    // their scripts by hash or run none. Never 'unsafe-inline'.
    const scriptSrc = /(?:^|;)\s*script-src([^;]*)/.exec(csp)?.[1] ?? '';
    const strict = /'nonce-[A-Za-z0-9+/_=-]{16,}'|'sha256-[A-Za-z0-9+/=]{40,}'|'none'/.test(scriptSrc) && !scriptSrc.includes("'unsafe-inline'");
    if (!strict) missing.push("CSP script-src with a nonce, hashes or 'none'");
    if (!/object-src 'none'/.test(csp)) missing.push("CSP object-src 'none'");
    if (!/base-uri 'self'/.test(csp)) missing.push("CSP base-uri 'self'");
    if (!/frame-ancestors 'none'/.test(csp)) missing.push("CSP frame-ancestors 'none'");
  }
  if (header(headers, 'x-content-type-options') !== 'nosniff') missing.push('X-Content-Type-Options');
  if (!header(headers, 'referrer-policy')) missing.push('Referrer-Policy');
  if (!header(headers, 'permissions-policy')) missing.push('Permissions-Policy');
  if (!header(headers, 'cross-origin-opener-policy')) missing.push('Cross-Origin-Opener-Policy');
  if (https && !/max-age=\d{7,}/.test(header(headers, 'strict-transport-security') ?? '')) missing.push('Strict-Transport-Security');
  return missing;
}

export const isHtml = (headers: Headers) => (header(headers, 'content-type') ?? '').startsWith('text/html');

/** Public API reads whose answer is the same for every caller (staff aside: they see hidden products). */
const SHARED_READS = new Set([
  '/api/health',
  '/api/settings/public',
  '/api/categories',
  '/api/branches',
  '/api/branches/transfers',
  '/api/products',
  '/api/products/:slugOrId',
  '/api/products/:slugOrId/similar',
  '/api/search/suggest',
  '/api/delivery/points',
]);
/** Pages whose content depends on the visitor: their account, their cart, the back office. */
const PRIVATE_PAGES = /^\/(admin|profile|cart|checkout|order-complete|password-reset|auth)(\/|\?|$)/;

/**
 * Whether an answer depends on who asked (their session, account or cart), so no cache may
 * keep it: every /api answer except the shared reads, and the personal pages. The catalogue is
 * shared unless staff ask for what only they see: a product that may be hidden, or a list of
 * hidden ones (`status` other than `active`).
 */
export function isPrivate(target: { url: string; access: Access; page: boolean }, requestUrl: string, role: Role, html: boolean): boolean {
  const [path, query = ''] = requestUrl.split('?');
  if (target.page) return html && PRIVATE_PAGES.test(path!);
  if (!target.url.startsWith('/api/')) return false;
  // A generated path whose `..` segments lead out of /api/ (`/api/lists/../..`) reaches no API
  // route: clients and the server resolve them first, and the answer is the shop's 404 for `/`.
  if (!new URL(requestUrl, 'http://shop.test').pathname.startsWith('/api/')) return false;
  if (target.access !== 'public' || !SHARED_READS.has(target.url)) return true;
  if (role !== 'manager' && role !== 'admin') return false;
  // A product, and its similar ones, may be hidden: staff see it, so their answer is theirs.
  if (target.url === '/api/products/:slugOrId' || target.url === '/api/products/:slugOrId/similar') return true;
  const status = new URLSearchParams(query).get('status');
  return target.url === '/api/products' && status !== null && status !== 'active';
}

export const isNoStore = (headers: Headers) => /\bno-store\b/.test(header(headers, 'cache-control') ?? '');

/** The figures' tallies and the first few examples of each kind of failure, for the report. */
export class Tally {
  readonly counts = new Map<string, number>();
  readonly examples = new Map<string, string[]>();
  add(kind: string, example?: string) {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (example === undefined) return;
    const list = this.examples.get(kind) ?? [];
    if (list.length < 5 && !list.includes(example)) list.push(example);
    this.examples.set(kind, list);
  }
  count(kind: string) {
    return this.counts.get(kind) ?? 0;
  }
}
