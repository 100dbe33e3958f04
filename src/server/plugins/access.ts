import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Access, App } from '../core/app-types.ts';
import { forbidden, unauthorized } from '../core/http-errors.ts';
import { sessionCookie } from '../core/session-cookie.ts';
import { findSessionUser } from '../modules/auth/session-service.ts';
import { isStaff } from '#shared/constants.ts';

/** Who the request is: the session cookie resolved to a user once, before any handler. */
export function registerSession(app: App) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  const { name } = sessionCookie(app.deps.config.publicUrl);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[name];
    if (!token) return;
    const found = await findSessionUser(app.deps.db, token, app.deps.clock());
    if (found) {
      request.user = found.user;
      request.sessionHash = found.idHash;
    }
  });
}

function checkAccess(access: Access, request: FastifyRequest) {
  if (access === 'public') return;
  if (!request.user) throw unauthorized();
  if (access === 'staff' && !isStaff(request.user.role)) throw forbidden();
  if (access === 'admin' && request.user.role !== 'admin') throw forbidden();
}

/**
 * Every /api route must say who may call it (`config: { access }`); a route without it stops
 * the app at start-up, so no endpoint can be left open by omission.
 */
export function registerAccessControl(app: App) {
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const record = (access: Access) => {
      const staffLog = route.config?.staffLog;
      for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, access, staffLog, schema: route.schema });
    };
    // Files, feeds and the API's documentation are public by nature.
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return record('public');
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} has no config.access`);
    record(access);
    const guard = async (request: FastifyRequest, _reply: FastifyReply) => checkAccess(access, request);
    // Route-level onRequest runs after the session hook and before body validation: an
    // anonymous caller gets 401, not a validation message about a body it may not send.
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
  });
}
