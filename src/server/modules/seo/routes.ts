import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from '#shared/schemas/z.ts';
import type { App } from '../../core/app-types.ts';
import { etagMatches, pickEncoding } from '../../core/http-cache.ts';
import { onCatalogChange } from '../products/catalog-events.ts';
import { createDocumentCache, type CachedDocument } from './document-cache.ts';
import {
  buildTime,
  catalogueFingerprint,
  robotsTxt,
  sitemapDocument,
  sitemapPagesDocument,
  sitemapProductsPart,
  ymlDocument,
  type SitemapContext,
} from './service.ts';

/** Robots and feed readers may keep an answer this long; the server rebuilds on catalogue changes. */
const CACHE_CONTROL = 'public, max-age=300';
const XML = 'application/xml; charset=utf-8';

function sendDocument(request: FastifyRequest, reply: FastifyReply, doc: CachedDocument | null, type: string) {
  if (!doc) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  reply
    .header('cache-control', CACHE_CONTROL)
    .header('etag', doc.etag)
    .header('last-modified', doc.builtAt.toUTCString())
    .header('vary', 'accept-encoding')
    .type(type);
  if (etagMatches(request.headers['if-none-match'], doc.etag)) return reply.status(304).send();
  if (pickEncoding(request.headers['accept-encoding'], false) === 'gzip') return reply.header('content-encoding', 'gzip').send(doc.gzip);
  return reply.send(Readable.from([doc.gzip]).pipe(zlib.createGunzip()));
}

/**
 * Documents for robots and marketplaces at the site root (not under /api, so no access level):
 * robots.txt, the sitemap (an index and parts past 50 000 URLs) and the Yandex Market YML feed.
 * Built once per catalogue change, served gzipped from memory with an ETag.
 */
export default async function seoRoutes(app: App) {
  const { db, config, clock } = app.deps;
  const cache = createDocumentCache({ now: clock, fingerprint: () => catalogueFingerprint(db) });
  // A change made through this process shows at once; other processes see it within a minute.
  const unsubscribe = onCatalogChange(() => cache.invalidate());
  app.addHook('onClose', async () => void unsubscribe());
  const ctx = (): SitemapContext => ({ db, publicUrl: config.publicUrl, builtAt: buildTime(config.distDir) });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8');
    return robotsTxt(config.publicUrl);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    sendDocument(request, reply, await cache.get('sitemap', async () => sitemapDocument(ctx())), XML),
  );

  app.get('/sitemap-pages.xml', { schema: { hide: true } }, async (request, reply) =>
    sendDocument(request, reply, await cache.get('sitemap-pages', async () => sitemapPagesDocument(ctx())), XML),
  );

  app.get(
    '/sitemap-products-:part.xml',
    { schema: { hide: true, params: z.object({ part: z.string() }) } },
    async (request, reply) => {
      const part = /^[1-9]\d{0,4}$/.test(request.params.part) ? Number(request.params.part) : 0;
      if (!part) return sendDocument(request, reply, null, XML);
      return sendDocument(request, reply, await cache.get(`sitemap-products-${part}`, () => sitemapProductsPart(ctx(), part)), XML);
    },
  );

  app.get('/yml.xml', { schema: { hide: true } }, async (request, reply) =>
    sendDocument(request, reply, await cache.get('yml', async () => ymlDocument(db, config.publicUrl, clock())), XML),
  );
}
