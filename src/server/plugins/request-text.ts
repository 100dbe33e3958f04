import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { App } from '../core/app-types.ts';
import { badRequest } from '../core/http-errors.ts';
import { staticPagePolicy } from '../core/content-security-policy.ts';
import { SECURITY_HEADERS, transportSecurityHeaders } from '../core/security-headers.ts';

export const INVALID_CHARACTERS = 'Недопустимые символы в запросе';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether a raw request URL (path and query) is text the shop can store and search: once its
 * `%XX` escapes are decoded, valid UTF-8 without a NUL byte. PostgreSQL refuses NUL in text,
 * and invalid UTF-8 would silently become U+FFFD. A `%` that starts no escape stays as it is.
 */
export function urlTextIsClean(rawUrl: string): boolean {
  if (!rawUrl.includes('%') && /^[\x01-\x7f]*$/.test(rawUrl)) return true;
  const bytes = Buffer.from(rawUrl.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  if (bytes.includes(0)) return false;
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** NUL, or half of a surrogate pair (`"\ud800"` in JSON is no character at all). */
const NOT_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Every string of a parsed JSON body, keys included, is well-formed Unicode without NUL. */
export function jsonTextIsClean(value: unknown): boolean {
  if (typeof value === 'string') return !NOT_TEXT.test(value);
  if (Array.isArray(value)) return value.every(jsonTextIsClean);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).every(([key, item]) => jsonTextIsClean(key) && jsonTextIsClean(item));
  }
  return true;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** What a person who followed such a link sees instead of a page. */
const REFUSED_PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(INVALID_CHARACTERS)}</title><style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem}</style></head><body><h1>${escapeHtml(INVALID_CHARACTERS)}</h1><p>В адресе страницы есть символы, которые магазин не принимает. Проверьте ссылку или <a href="/">перейдите на главную</a>.</p></body></html>`;

const REFUSED_PAGE_POLICY = staticPagePolicy(REFUSED_PAGE);

const isPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');

/**
 * The 400 sent here rather than by the error handler: the router's bad-URL path
 * (frameworkErrors) passes neither the error handler nor the onSend hooks. A browser's GET of a
 * page shows a short page, an API call gets the API's `{ message }`.
 */
function sendRefused(request: FastifyRequest, reply: FastifyReply) {
  reply
    .status(400)
    .headers({ ...SECURITY_HEADERS, ...transportSecurityHeaders(request.server.deps.config.publicUrl) })
    .header('cache-control', 'no-store');
  if (!isPage(request)) return reply.type('application/json; charset=utf-8').send(JSON.stringify({ message: INVALID_CHARACTERS }));
  return reply.type('text/html; charset=utf-8').header('content-security-policy', REFUSED_PAGE_POLICY).send(REFUSED_PAGE);
}

/**
 * Fastify's `frameworkErrors`: a path whose escapes are not UTF-8 (`/products/%FF`) never
 * reaches a route or a hook; the router hands it here, and it gets the same 400 as the hook gives.
 * (The only other framework error is a failed asynchronous route constraint; the shop has none.)
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (_error, request, reply) => sendRefused(request, reply);

/**
 * No input may reach the database or a page as text it cannot hold: NUL bytes and invalid UTF-8
 * in the path, the query or a JSON body answer 400 «Недопустимые символы в запросе», checked
 * here once for every route and page, before anything else looks at the request.
 */
export function registerRequestText(app: App) {
  app.addHook('onRequest', async (request, reply) => {
    if (!urlTextIsClean(request.url)) return sendRefused(request, reply);
  });

  // JSON bodies: strict UTF-8 first (the default parser would turn bad bytes into U+FFFD), then
  // Fastify's own parser (prototype-poisoning checks), then no NUL or lone surrogate in any string.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      return done(badRequest(INVALID_CHARACTERS), undefined);
    }
    parseJson(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      if (!jsonTextIsClean(value)) return done(badRequest(INVALID_CHARACTERS), undefined);
      done(null, value);
    });
  });
}
