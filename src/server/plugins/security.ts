import type { App } from '../core/app-types.ts';
import { forbidden } from '../core/http-errors.ts';
import { SECURITY_HEADERS } from '../core/security-headers.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery defence on top of SameSite=Lax cookies: a state-changing API call
 * from a browser must come from our own origin. Calls without browser headers (curl, tests)
 * carry no ambient cookies from another site, so they pass.
 */
export function registerSecurity(app: App) {
  const publicOrigin = new URL(app.deps.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') throw forbidden('Запрос с чужого сайта отклонён');
    const origin = request.headers.origin;
    if (origin && origin !== publicOrigin && new URL(origin).host !== request.headers.host) {
      throw forbidden('Запрос с чужого сайта отклонён');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
