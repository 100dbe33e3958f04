import { idParams } from '#shared/schemas/z.ts';
import { ProductPatchSchema, ProductSchema } from '#shared/schemas/product.ts';
import type { App } from '../../core/app-types.ts';
import { catalogChanged } from './catalog-events.ts';
import { createProduct, updateProduct } from './admin-service.ts';

const IdParams = idParams('Некорректный номер товара');

/** Product writes of the back office (spec 7): staff only; the public reads live in routes.ts. */
export default async function productAdminRoutes(app: App) {
  app.post(
    '/products',
    {
      config: { access: 'staff' },
      schema: { tags: ['Управление каталогом'], summary: 'Создать товар', body: ProductSchema },
    },
    async (request, reply) => {
      const product = await createProduct(app.deps.db, request.body, app.deps.clock());
      catalogChanged();
      return reply.status(201).send(product);
    },
  );

  app.patch(
    '/products/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['Управление каталогом'],
        summary: 'Изменить товар (любые поля, например только isActive)',
        params: IdParams,
        body: ProductPatchSchema,
      },
    },
    async (request) => {
      const product = await updateProduct(app.deps.db, request.params.id, request.body, app.deps.clock());
      catalogChanged();
      return product;
    },
  );
}
