import { StaffActionListQuerySchema } from '#shared/schemas/staff-action.ts';
import type { App } from '../../core/app-types.ts';
import { CacheBuster } from '../../core/cache-buster.ts';
import { registerStaffLogPurge } from './purge.ts';
import { listStaffActionPeople, listStaffActions } from './service.ts';

const TAGS = ['Журнал действий (администратор)'];

/** «Журнал действий» in the settings: administrators only; nothing here changes the log. */
export default async function staffLogRoutes(app: App) {
  registerStaffLogPurge(app);

  app.get(
    '/admin/staff-actions',
    {
      config: { access: 'admin' },
      schema: {
        tags: TAGS,
        summary: 'Действия сотрудников: кто, когда, откуда, что изменено (было и стало); фильтры по сотруднику, виду и датам; новые сначала',
        querystring: StaffActionListQuerySchema,
      },
    },
    async (request) => listStaffActions(app.deps.db, request.query),
  );

  app.get(
    '/admin/staff-actions/people',
    { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Сотрудники, у которых есть записи в журнале', querystring: CacheBuster } },
    async () => listStaffActionPeople(app.deps.db),
  );
}
