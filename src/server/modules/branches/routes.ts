import { idParams, z } from '#shared/schemas/z.ts';
import { BranchSchema, NewBranchSchema } from '#shared/schemas/branch-form.ts';
import { CITY_COOKIE } from '#shared/schemas/branches.ts';
import { localPath } from '#shared/local-path.ts';
import type { App } from '../../core/app-types.ts';
import { plainFormRoutes } from '../../core/plain-form.ts';
import { objectRoutes } from '../../core/object-routes.ts';
import { BranchTransfersSchema } from '#shared/schemas/branch-transfers.ts';
import { listTransfers, saveTransfers } from './transfers.ts';
import { createBranch, deleteBranch, listAdminBranches, listBranches, updateBranch } from './service.ts';

const IdParams = idParams('Некорректный номер филиала');
const ADMIN_TAGS = ['Филиалы (администратор)'];
const CITY_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export default async function branchRoutes(app: App) {
  /** What the storefront shows of the branches: public, and may be kept for a minute. */
  const publicBranchData = (url: string, summary: string, load: () => Promise<unknown>) =>
    app.get(url, { config: { access: 'public' }, schema: { tags: ['Филиалы'], summary } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return load();
    });

  publicBranchData('/branches', 'Филиалы: адреса, телефоны, режим работы, самовывоз, координаты', () => listBranches(app.deps.db));

  // The header's city choice is a plain form (no script on the home page's first load): the
  // browser posts it, the cookie is set and the page comes back rendered for that city.
  plainFormRoutes(app, (form) =>
    form.post(
      '/city',
      {
        config: { access: 'public' },
        schema: {
          tags: ['Филиалы'],
          summary: 'Выбрать город покупателя (cookie city) и вернуться на страницу',
          body: z.object({ city: z.string({ error: 'Выберите город' }).trim().min(1, 'Выберите город'), back: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const branches = await listBranches(app.deps.db);
        const branch = branches.find((b) => b.slug === request.body.city);
        if (branch) {
          reply.setCookie(CITY_COOKIE, branch.slug, { path: '/', sameSite: 'lax', maxAge: CITY_COOKIE_MAX_AGE_S });
        }
        // Only a path on this site: the city form must not become an open redirect.
        return reply.redirect(localPath(request.body.back) ?? '/', 303);
      },
    ),
  );

  publicBranchData('/branches/transfers', 'Сроки перемещения товара между филиалами, целых дней (нет строки: перемещений нет)', () =>
    listTransfers(app.deps.db),
  );
  app.get('/admin/branch-transfers', { config: { access: 'admin' }, schema: { tags: ADMIN_TAGS, summary: 'Сроки перемещения между филиалами' } }, async () =>
    listTransfers(app.deps.db),
  );
  app.put(
    '/admin/branch-transfers',
    {
      config: { access: 'admin', staffLog: 'branch.transfers' },
      schema: { tags: ADMIN_TAGS, summary: 'Сохранить таблицу сроков перемещения целиком (маршрут, которого нет в списке, без перемещений)', body: BranchTransfersSchema },
    },
    async (request) => saveTransfers(app.deps.db, request.body),
  );

  objectRoutes(app, {
    path: '/admin/branches',
    params: IdParams,
    access: 'admin',
    tags: ADMIN_TAGS,
    log: 'branch',
    list: { summary: 'Филиалы в порядке показа', run: () => listAdminBranches(app.deps.db) },
    create: { summary: 'Добавить филиал', body: NewBranchSchema, run: (body) => createBranch(app.deps.db, body, app.deps.clock()) },
    update: { method: 'put', summary: 'Изменить филиал', body: BranchSchema, run: ({ id }, body) => updateBranch(app.deps.db, id, body, app.deps.clock()) },
    remove: { summary: 'Удалить филиал (нельзя, если на складе есть товар или с ним связаны заказы)', run: ({ id }) => deleteBranch(app.deps.db, id) },
  });
}
