import { idParams } from '#shared/schemas/z.ts';
import { CategoryPatchSchema, CategorySchema } from '#shared/schemas/category.ts';
import type { App } from '../../core/app-types.ts';
import { CacheBuster } from '../../core/cache-buster.ts';
import { objectRoutes } from '../../core/object-routes.ts';
import { createCategory, deleteCategory, listAdminCategories, updateCategory } from './admin-service.ts';

const IdParams = idParams('Некорректный номер категории');
const TAGS = ['Управление каталогом'];

/** Category writes (spec 7) and the staff list with counts of inactive products too. */
export default async function categoryAdminRoutes(app: App) {
  app.get(
    '/admin/categories',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Категории с числом всех и активных товаров', querystring: CacheBuster } },
    async () => listAdminCategories(app.deps.db),
  );

  objectRoutes(app, {
    path: '/categories',
    params: IdParams,
    access: 'staff',
    tags: TAGS,
    log: 'category',
    create: { summary: 'Создать категорию', body: CategorySchema, run: (body) => createCategory(app.deps.db, body, app.deps.clock()) },
    update: { summary: 'Изменить категорию', body: CategoryPatchSchema, run: ({ id }, body) => updateCategory(app.deps.db, id, body, app.deps.clock()) },
    remove: { summary: 'Удалить пустую категорию (409, если в ней есть товары)', run: ({ id }) => deleteCategory(app.deps.db, id) },
  });
}
