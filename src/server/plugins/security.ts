import type { App } from '../core/app-types.ts';
import { forbidden } from '../core/http-errors.ts';
import { SECURITY_HEADERS, transportSecurityHeaders } from '../core/security-headers.ts';
import { YOOKASSA_NOTIFICATION_PATH } from '#shared/schemas/payments.ts';
import { CDEK_WEBHOOK_PATH } from '#shared/cdek.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FOREIGN = 'Запрос с чужого сайта отклонён';

/**
 * The site an Origin or Referer names, or null when it names none: `null` (a sandboxed frame,
 * a file, a redirect across sites) and anything that is not an absolute http(s) URL.
 */
function siteOf(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const isExchange1c = (url: string) => url === '/api/1c/exchange' || url.startsWith('/api/1c/exchange?');

/**
 * Cross-site request forgery defence on top of SameSite=Lax cookies: a state-changing API call
 * from a browser must come from our own origin (the Origin header, or the Referer where an old
 * browser sends no Origin). A header that names no site at all, `Origin: null` included, is
 * foreign too. Calls without browser headers (curl, tests) carry no ambient cookies from
 * another site, so they pass.
 */
export function registerSecurity(app: App) {
  const publicOrigin = new URL(app.deps.config.publicUrl).origin;
  const ours = (value: string, host: string | undefined) => {
    const site = siteOf(value);
    // The Host header as a URL would write it (`localhost:80` is `localhost`).
    return site !== null && (site.origin === publicOrigin || (host !== undefined && site.host === siteOf(`http://${host}`)?.host));
  };
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    // 1C's «Обмен с сайтом» is a program, not a browser: no ambient cookies of another site,
    // its own HTTP Basic sign-in and cookie (integrations/1c/session.ts).
    if (isExchange1c(request.url)) return;
    // YooKassa's notifications come from its servers, not a browser (and are checked against the API).
    if (request.url === YOOKASSA_NOTIFICATION_PATH) return;
    // So do СДЭК's status events (checked against its API as well).
    if (request.url === CDEK_WEBHOOK_PATH) return;
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') throw forbidden(FOREIGN);
    const { origin, referer, host } = request.headers;
    const source = origin ?? referer;
    if (source !== undefined && !ours(source, host)) throw forbidden(FOREIGN);
  });
  const headers = { ...SECURITY_HEADERS, ...transportSecurityHeaders(app.deps.config.publicUrl) };
  app.addHook('onSend', async (request, reply) => {
    reply.headers(headers);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
