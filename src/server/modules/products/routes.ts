import { CATALOG_PAGE_SIZE, isStaff } from '#shared/constants.ts';
import {
  CATALOG_MESSAGES,
  ProductListQuerySchema,
  catalogFiltersKey,
  catalogLimit,
} from '#shared/schemas/catalog.ts';
import type { App } from '../../core/app-types.ts';
import { badRequest, forbidden } from '../../core/http-errors.ts';
import { CACHED_ROUTE, registerCatalogAnswers, showsProducts } from './answer-cache/catalog-answers.ts';
import { listProducts, type ListParams } from './catalog/list.ts';
import { getProduct } from './catalog/product-rows.ts';
import { discoveryRoutes } from './discovery-routes.ts';
import { ProductAddressSchema, productAnswer } from './product-key.ts';
import { catalogSearchOf } from './search/catalog-search.ts';
import { normalizeText } from './search/query.ts';

/**
 * The public catalogue (spec 7): `GET /api/products` and `GET /api/products/{slugOrId}`.
 * Public answers come from a cache of serialised, compressed bodies with ETags, dropped when the
 * catalogue changes (`catalogChanged()` in catalog-events.ts, here or in another process).
 */
export default async function productRoutes(app: App) {
  const { db } = app.deps;
  const search = catalogSearchOf(db, (error) => app.log.warn({ err: error }, 'search index not rebuilt'));
  const answers = registerCatalogAnswers(app, (change, here) => search.changed(change, here));
  // An answer made from an index still taking in announced changes is sent, not kept: the next
  // request, once the index has them, makes it again.
  const unlisten = search.onLagging(() => answers.memo.responses.discardPending());
  // The search index and the typo vocabulary are built as the app starts (a serving process
  // listens once they are: main.ts).
  app.addHook('onReady', async () => {
    app.warmUps.push(search.warmUp().catch((error: unknown) => app.log.warn({ err: error }, 'search index not built')));
  });
  app.addHook('onClose', async () => {
    unlisten();
    await search.settled();
  });
  discoveryRoutes(app, search, answers);

  app.get(
    '/products',
    {
      ...CACHED_ROUTE,
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
        filters: q.filters,
        facets: q.facets,
      };
      if (status !== 'active') {
        reply.header('cache-control', 'no-store');
        return listProducts(db, answers.memo, search, params);
      }
      const key = [
        'list',
        params.query ? normalizeText(params.query) : '',
        params.categoryId ?? '',
        params.supplier ?? '',
        params.sort,
        params.page,
        params.limit,
        params.facets,
        catalogFiltersKey(params.filters),
      ].join('|');
      // A list filtered by availability changes with any product's stock.
      const byAvailability = params.filters.inStock || params.filters.branch !== undefined;
      return answers.answer(request, reply, key, () => listProducts(db, answers.memo, search, params), (list) => showsProducts(list.products, byAvailability));
    },
  );

  app.get(
    '/products/:slugOrId',
    {
      ...CACHED_ROUTE,
      schema: {
        tags: ['Каталог'],
        summary: 'Товар по slug или номеру (только цифры — номер)',
        description: 'Неактивный товар видят только сотрудники.',
        ...ProductAddressSchema,
      },
    },
    productAnswer(answers, 'product', (slugOrId, options) => getProduct(db, slugOrId, options), (product) => showsProducts([product])),
  );
}
