import { idParams } from '#shared/schemas/z.ts';
import { PriceSourceSchema, ProductImportSchema, ProductPatchSchema, ProductSchema } from '#shared/schemas/product.ts';
import { CurrentPasswordSchema } from '#shared/schemas/own-password.ts';
import type { App } from '../../core/app-types.ts';
import { CacheBuster } from '../../core/cache-buster.ts';
import { requireCurrentPassword } from '../auth/current-password.ts';
import { createProduct, deleteAllProducts, hardDeleteProduct, importProduct, updateProduct } from './admin-service.ts';
import { listOffers, setPriceSource } from './offers.ts';

const IdParams = idParams('Некорректный номер товара');
/** The bulk operations are documented with the back office's own calls, where clients look for them. */
const BACK_OFFICE_TAGS = ['Панель управления'];

/**
 * Product writes of the back office (spec 7): staff only; the public reads live in routes.ts.
 * The services announce each change to the catalogue's caches.
 */
export default async function productAdminRoutes(app: App) {
  app.post(
    '/products',
    {
      config: { access: 'staff', staffLog: 'product.create' },
      schema: { tags: ['Управление каталогом'], summary: 'Создать товар', body: ProductSchema },
    },
    async (request, reply) => {
      const product = await createProduct(app.deps.db, request.body, app.deps.clock());
      return reply.status(201).send(product);
    },
  );

  app.patch(
    '/products/:id',
    {
      config: { access: 'staff', staffLog: 'product.update' },
      schema: {
        tags: ['Управление каталогом'],
        summary: 'Изменить товар (любые поля, например только isActive)',
        params: IdParams,
        body: ProductPatchSchema,
      },
    },
    async (request) => updateProduct(app.deps.db, request.params.id, request.body, app.deps.clock()),
  );

  app.get(
    '/admin/products/:id/offers',
    { config: { access: 'staff' }, schema: { tags: ['Управление каталогом'], summary: 'Предложения поставщиков товара', params: IdParams, querystring: CacheBuster } },
    async (request) => listOffers(app.deps.db, request.params.id),
  );

  app.put(
    '/admin/products/:id/price-source',
    {
      config: { access: 'staff', staffLog: 'product.update' },
      schema: { tags: ['Управление каталогом'], summary: 'Выбрать поставщика, от которого цена товара', params: IdParams, body: PriceSourceSchema },
    },
    async (request) => setPriceSource(app.deps.db, request.params.id, request.body.supplierId, app.deps.clock()),
  );

  app.post(
    '/admin/products',
    {
      config: { access: 'staff', staffLog: 'product.import' },
      schema: {
        tags: BACK_OFFICE_TAGS,
        summary: 'Импорт одного товара: новый артикул создаёт товар (201), существующий обновляет его (200)',
        body: ProductImportSchema,
      },
    },
    async (request, reply) => {
      const result = await importProduct(app.deps.db, request.body, app.deps.clock());
      return reply.status(result.action === 'created' ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/admin/hard-delete-product/:id',
    { config: { access: 'staff', staffLog: 'product.delete' }, schema: { tags: BACK_OFFICE_TAGS, summary: 'Удалить товар навсегда (заказы сохраняют снимок)', params: IdParams } },
    async (request) => hardDeleteProduct(app.deps.db, request.params.id),
  );

  app.delete(
    '/admin/products/delete-all',
    {
      config: { access: 'staff', staffLog: 'product.delete-all' },
      schema: { tags: BACK_OFFICE_TAGS, summary: 'Удалить все товары (нужен пароль сотрудника)', querystring: CacheBuster, body: CurrentPasswordSchema },
      preHandler: requireCurrentPassword(app),
    },
    async () => deleteAllProducts(app.deps.db),
  );
}
