import { timingSafeEqual } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../core/app-types.ts';
import { registerShopFigures } from './shop-figures.ts';

const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'linkLocal']);

const fromPrivateAddress = (ip: string) => ipaddr.isValid(ip) && PRIVATE_RANGES.has(ipaddr.process(ip).range());

function bearerMatches(request: FastifyRequest, token: string | undefined): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Times every answer that goes through Fastify, by its route pattern (before any route is registered). */
export function registerRequestTiming(app: App) {
  app.addHook('onResponse', async (request, reply) => {
    app.metrics.requests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * `/metrics` in Prometheus' text format, at the site root where Prometheus looks. Closed to the
 * public: it answers the METRICS_TOKEN bearer, or a caller on a private network (the monitoring
 * host beside the shop); behind nginx with TRUST_PROXY the caller is the visitor, not nginx.
 */
export default async function metricsRoutes(app: App) {
  registerShopFigures(app);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request, app.deps.config.metricsToken) && !fromPrivateAddress(request.ip)) {
      return reply.status(403).send({ message: 'Показатели доступны только мониторингу: нужен METRICS_TOKEN или адрес внутренней сети' });
    }
    return reply.header('content-type', app.metrics.registry.contentType).header('cache-control', 'no-store').send(await app.metrics.registry.metrics());
  });
}
