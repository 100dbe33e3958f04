import { idParams, z } from '#shared/schemas/z.ts';
import { CategoryPatchSchema, CategorySchema } from '#shared/schemas/category.ts';
import type { App } from '../../core/app-types.ts';
import { createCategory, deleteCategory, listAdminCategories, updateCategory } from './admin-service.ts';

const IdParams = idParams('Некорректный номер категории');
const TAGS = ['Управление каталогом'];

/** Category writes (spec 7) and the staff list with counts of inactive products too. */
export default async function categoryAdminRoutes(app: App) {
  app.get(
    '/admin/categories',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Категории с числом всех и активных товаров', querystring: z.object({ t: z.string().optional() }) } },
    async () => listAdminCategories(app.deps.db),
  );

  app.post(
    '/categories',
    { config: { access: 'staff', staffLog: 'category.create' }, schema: { tags: TAGS, summary: 'Создать категорию', body: CategorySchema } },
    async (request, reply) => reply.status(201).send(await createCategory(app.deps.db, request.body, app.deps.clock())),
  );

  app.patch(
    '/categories/:id',
    { config: { access: 'staff', staffLog: 'category.update' }, schema: { tags: TAGS, summary: 'Изменить категорию', params: IdParams, body: CategoryPatchSchema } },
    async (request) => updateCategory(app.deps.db, request.params.id, request.body, app.deps.clock()),
  );

  app.delete(
    '/categories/:id',
    { config: { access: 'staff', staffLog: 'category.delete' }, schema: { tags: TAGS, summary: 'Удалить пустую категорию (409, если в ней есть товары)', params: IdParams } },
    async (request) => deleteCategory(app.deps.db, request.params.id),
  );
}
