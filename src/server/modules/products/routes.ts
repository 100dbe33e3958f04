import type { FastifyReply, FastifyRequest } from 'fastify';
import { CATALOG_PAGE_SIZE, isStaff } from '#shared/constants.ts';
import {
  CATALOG_MESSAGES,
  ProductListQuerySchema,
  ProductSlugOrIdParamsSchema,
  catalogLimit,
} from '#shared/schemas/catalog.ts';
import type { App } from '../../core/app-types.ts';
import { badRequest, forbidden, notFound } from '../../core/http-errors.ts';
import type { CachedBody } from '../../core/http-cache.ts';
import { onCatalogChange } from './catalog-events.ts';
import { CatalogMemo, CatalogVersionWatch } from './memo.ts';
import { bumpCatalogVersion, getProduct, listProducts, loadLexicon, readCatalogVersion, type ListParams } from './service.ts';
import { normalizeText } from './search.ts';

const PRODUCT_NOT_FOUND = 'Товар не найден';

/**
 * The public catalogue (spec 7): `GET /api/products` and `GET /api/products/{slugOrId}`.
 * Public answers come from a cache of serialised, compressed bodies with ETags, dropped when the
 * catalogue changes (`catalogChanged()` in catalog-events.ts, here or in another process).
 */
export default async function productRoutes(app: App) {
  const { db, database } = app.deps;
  const memo = new CatalogMemo();
  const watch =
    database.kind === 'postgres'
      ? new CatalogVersionWatch(
          {
            bump: () => bumpCatalogVersion(db),
            read: () => readCatalogVersion(db),
            onError: (error) => app.log.warn({ err: error }, 'catalogue version check failed'),
          },
          () => memo.invalidate(),
        )
      : null;
  // Repeated anonymous requests are answered before routing; watch.check() keeps that path, too,
  // in step with changes made by other processes.
  app.frontDoor.add({ prefix: '/api/products', cache: memo.responses, beforeLookup: () => watch?.check() });
  const unsubscribe = onCatalogChange(() => {
    memo.invalidate();
    watch?.announce();
  });
  // The typo vocabulary is built in the background as the app starts, not by the first typo.
  app.addHook('onReady', async () => {
    memo.lexicon(() => loadLexicon(db)).catch((error: unknown) => app.log.warn({ err: error }, 'search vocabulary not built'));
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await memo.settled();
    await watch?.settled();
  });

  /**
   * A cached public answer. Its URL is remembered for the front door unless staff asked: staff may
   * pass parameters (a larger limit) that the public is refused.
   */
  const sendCached = (request: FastifyRequest, reply: FastifyReply, key: string, body: CachedBody) => {
    if (!isStaff(request.user?.role)) memo.responses.rememberUrl(request.url, key);
    const { status, headers, payload } = memo.responses.answer(body, {
      ifNoneMatch: request.headers['if-none-match'],
      acceptEncoding: request.headers['accept-encoding'],
    });
    return reply.code(status).headers(headers).send(payload ?? undefined);
  };

  app.get(
    '/products',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['Каталог'],
        summary: 'Товары: каталог, фильтры, сортировка и поиск',
        description:
          'Публично — только активные товары, до 48 на странице. Сотрудники могут передать status=all|inactive и limit до 100. Параметр t принимается и игнорируется.',
        querystring: ProductListQuerySchema,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const staff = isStaff(request.user?.role);
      const status = q.status ?? 'active';
      if (status !== 'active' && !staff) throw forbidden(CATALOG_MESSAGES.statusForbidden);
      const limit = catalogLimit(q.limit, staff, CATALOG_PAGE_SIZE);
      if ('error' in limit) throw badRequest(limit.error, { limit: [limit.error] });
      const params: ListParams = {
        query: q.query,
        categoryId: q.categoryId,
        supplier: q.supplier,
        sort: q.sort,
        page: q.page,
        limit: limit.limit,
        status,
      };
      if (status !== 'active') {
        reply.header('cache-control', 'no-store');
        return listProducts(db, memo, params);
      }
      watch?.check();
      const key = [
        'list',
        params.query ? normalizeText(params.query) : '',
        params.categoryId ?? '',
        params.supplier ?? '',
        params.sort,
        params.page,
        params.limit,
      ].join('|');
      const body = await memo.responses.get(key, () => listProducts(db, memo, params));
      return sendCached(request, reply, key, body!);
    },
  );

  app.get(
    '/products/:slugOrId',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['Каталог'],
        summary: 'Товар по slug или номеру (только цифры — номер)',
        description: 'Неактивный товар видят только сотрудники.',
        params: ProductSlugOrIdParamsSchema,
        querystring: ProductListQuerySchema.pick({ t: true }),
      },
    },
    async (request, reply) => {
      const { slugOrId } = request.params;
      if (isStaff(request.user?.role)) {
        reply.header('cache-control', 'no-store');
        const product = await getProduct(db, slugOrId, { includeInactive: true });
        if (!product) throw notFound(PRODUCT_NOT_FOUND);
        return product;
      }
      watch?.check();
      const key = `product|${slugOrId}`;
      const body = await memo.responses.get(key, () => getProduct(db, slugOrId, { includeInactive: false }));
      if (!body) throw notFound(PRODUCT_NOT_FOUND);
      return sendCached(request, reply, key, body);
    },
  );
}
