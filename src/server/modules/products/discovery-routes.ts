import { SEARCH_QUERY_MAX, SUPPLIERS } from '#shared/constants.ts';
import { CATALOG_MESSAGES } from '#shared/schemas/catalog.ts';
import { z } from '#shared/schemas/z.ts';
import type { App } from '../../core/app-types.ts';
import { listCategories } from '../categories/service.ts';
import { CACHED_ROUTE, showsNoStock, showsProducts, type CatalogAnswers } from './answer-cache/catalog-answers.ts';
import { similarProducts } from './catalog/similar.ts';
import type { CatalogSearch } from './search/catalog-search.ts';
import { normalizeText } from './search/query.ts';
import { ProductAddressSchema, productAnswer } from './product-key.ts';

/**
 * What leads a customer on from what they type or look at (issue 26): the categories with their
 * counts, search suggestions and a product's similar products. Public answers from the
 * catalogue's answer cache, like the lists.
 */
export function discoveryRoutes(app: App, search: CatalogSearch, answers: CatalogAnswers) {
  const { db } = app.deps;

  // Every page's menu asks for them: counting 100 000 products each time cost 60 ms a page.
  app.get(
    '/categories',
    {
      ...CACHED_ROUTE,
      schema: {
        tags: ['Каталог'],
        summary: 'Категории с числом товаров и картинкой',
        querystring: z.object({ supplier: z.enum(SUPPLIERS).optional(), t: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { supplier } = request.query;
      return answers.answer(request, reply, `categories|${supplier ?? ''}`, () => listCategories(db, { supplier }), showsNoStock);
    },
  );

  app.get(
    '/search/suggest',
    {
      ...CACHED_ROUTE,
      schema: {
        tags: ['Каталог'],
        summary: 'Подсказки поиска: категории и товары по мере ввода',
        description: 'От двух символов: до 5 категорий и до 6 товаров (точное совпадение артикула — первым); опечатки и другая раскладка понимаются, как в поиске.',
        querystring: z.object({
          q: z.string({ error: CATALOG_MESSAGES.query }).max(SEARCH_QUERY_MAX, CATALOG_MESSAGES.query).optional(),
        }),
      },
    },
    async (request, reply) => {
      const query = normalizeText(request.query.q ?? '');
      return answers.answer(request, reply, `suggest|${query}`, () => search.suggest(query), showsNoStock);
    },
  );

  app.get(
    '/products/:slugOrId/similar',
    {
      ...CACHED_ROUTE,
      schema: {
        tags: ['Каталог'],
        summary: 'Похожие товары: та же категория, ближайшие характеристики и цена',
        description: 'Только активные товары, не больше 8, без самого товара. Неактивный товар видят только сотрудники.',
        ...ProductAddressSchema,
      },
    },
    productAnswer(answers, 'similar', (slugOrId, options) => similarProducts(db, search, slugOrId, options), (similar) => showsProducts(similar.products)),
  );
}
