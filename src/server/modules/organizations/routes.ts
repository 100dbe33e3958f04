import type { App } from '../../core/app-types.ts';
import { objectRoutes } from '../../core/object-routes.ts';
import { OrganizationIdParamsSchema, OrganizationPatchSchema, OrganizationSchema } from '#shared/schemas/organization.ts';
import type { OrganizationsAnswer } from '#shared/organizations.ts';
import { createOrganization, deleteOrganization, listOrganizations, updateOrganization } from './service.ts';

const TAGS = ['Личный кабинет: организации'];

/** The customer's organisations (issue 27): each customer sees and changes only their own. */
export default async function organizationRoutes(app: App) {
  objectRoutes(app, {
    path: '/organizations',
    params: OrganizationIdParamsSchema,
    access: 'user',
    tags: TAGS,
    list: {
      summary: 'Мои организации; innLookup: можно ли заполнить реквизиты по ИНН',
      run: async (request): Promise<OrganizationsAnswer> => ({
        organizations: await listOrganizations(app.deps.db, request.user!.id),
        // Without DaData's key the form offers no look-up (GET /api/organizations/lookup answers 404).
        innLookup: app.deps.config.dadata !== null,
      }),
    },
    create: { summary: 'Добавить организацию', body: OrganizationSchema, run: (body, request) => createOrganization(app.deps.db, request.user!.id, body) },
    update: {
      summary: 'Изменить организацию',
      body: OrganizationPatchSchema,
      run: ({ id }, body, request) => updateOrganization(app.deps.db, request.user!.id, id, body),
    },
    remove: { summary: 'Удалить организацию', run: ({ id }, request) => deleteOrganization(app.deps.db, request.user!.id, id) },
  });
}
