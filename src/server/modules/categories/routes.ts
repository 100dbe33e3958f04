import { z } from '#shared/schemas/z.ts';
import { SUPPLIERS } from '#shared/constants.ts';
import type { App } from '../../core/app-types.ts';
import { listCategories } from './service.ts';

export default async function categoryRoutes(app: App) {
  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Каталог'],
        summary: 'Категории с числом товаров и картинкой',
        querystring: z.object({ supplier: z.enum(SUPPLIERS).optional(), t: z.string().optional() }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return listCategories(app.deps.db, { supplier: request.query.supplier });
    },
  );
}
