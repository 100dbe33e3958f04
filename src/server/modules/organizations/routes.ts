import type { App } from '../../core/app-types.ts';
import { OrganizationIdParamsSchema, OrganizationPatchSchema, OrganizationSchema } from '#shared/schemas/organization.ts';
import type { OrganizationsAnswer } from '#shared/organizations.ts';
import { createOrganization, deleteOrganization, listOrganizations, updateOrganization } from './service.ts';

const TAGS = ['Личный кабинет: организации'];

/** The customer's organisations (issue 27): each customer sees and changes only their own. */
export default async function organizationRoutes(app: App) {
  app.get(
    '/organizations',
    { config: { access: 'user' }, schema: { tags: TAGS, summary: 'Мои организации; innLookup: можно ли заполнить реквизиты по ИНН' } },
    async (request): Promise<OrganizationsAnswer> => ({
      organizations: await listOrganizations(app.deps.db, request.user!.id),
      // Without DaData's key the form offers no look-up (GET /api/organizations/lookup answers 404).
      innLookup: app.deps.config.dadata !== null,
    }),
  );

  app.post(
    '/organizations',
    { config: { access: 'user' }, schema: { tags: TAGS, summary: 'Добавить организацию', body: OrganizationSchema } },
    async (request, reply) => reply.status(201).send(await createOrganization(app.deps.db, request.user!.id, request.body)),
  );

  app.patch(
    '/organizations/:id',
    { config: { access: 'user' }, schema: { tags: TAGS, summary: 'Изменить организацию', params: OrganizationIdParamsSchema, body: OrganizationPatchSchema } },
    async (request) => updateOrganization(app.deps.db, request.user!.id, request.params.id, request.body),
  );

  app.delete(
    '/organizations/:id',
    { config: { access: 'user' }, schema: { tags: TAGS, summary: 'Удалить организацию', params: OrganizationIdParamsSchema } },
    async (request, reply) => {
      await deleteOrganization(app.deps.db, request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );
}
