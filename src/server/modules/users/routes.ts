import { idParams } from '#shared/schemas/z.ts';
import {
  AdminUserCreateSchema,
  AdminUserListQuerySchema,
  AdminUserStatusSchema,
  AdminUserUpdateSchema,
} from '#shared/schemas/admin-user.ts';
import type { App } from '../../core/app-types.ts';
import { confirmCurrentPassword } from '../auth/current-password.ts';
import { createUser, getCustomerCard, getUser, listUsers, setUserActive, updateUser } from './service.ts';

const UserParams = idParams('Некорректный номер пользователя');
const TAGS = ['Клиенты (администратор)'];

/** 'Управление клиентами': administrators only (decisions.md). */
export default async function userAdminRoutes(app: App) {
  app.get(
    '/admin/users',
    {
      config: { access: 'admin' },
      schema: { tags: TAGS, summary: 'Пользователи: поиск, роль, статус, страница; и всего', querystring: AdminUserListQuerySchema },
    },
    async (request) => listUsers(app.deps.db, request.query),
  );

  app.get(
    '/admin/users/:id',
    { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Один пользователь', params: UserParams } },
    async (request) => getUser(app.deps.db, request.params.id),
  );

  app.get(
    '/admin/users/:id/card',
    { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Карточка клиента: контакты, адреса, последние заказы и их сумма', params: UserParams } },
    async (request) => getCustomerCard(app.deps.db, request.params.id),
  );

  app.post(
    '/admin/users',
    { config: { access: 'admin', staffLog: 'user.create' }, schema: { tags: TAGS, summary: 'Создать пользователя', body: AdminUserCreateSchema } },
    async (request, reply) => reply.status(201).send(await createUser(app.deps.db, request.body, app.deps.clock())),
  );

  app.patch(
    '/admin/users/:id',
    {
      config: { access: 'admin', staffLog: 'user.update' },
      schema: {
        tags: TAGS,
        summary: 'Изменить пользователя (пустой пароль оставляет прежний; новая роль — только с паролем администратора)',
        params: UserParams,
        body: AdminUserUpdateSchema,
      },
    },
    async (request) =>
      updateUser(app.deps.db, request.params.id, request.body, {
        id: request.user!.id,
        sessionHash: request.sessionHash,
        confirmPassword: () => confirmCurrentPassword(app, request),
      }),
  );

  app.patch(
    '/admin/users/:id/status',
    {
      config: { access: 'admin', staffLog: 'user.status' },
      schema: { tags: TAGS, summary: 'Заблокировать (все сеансы завершаются) или активировать', params: UserParams, body: AdminUserStatusSchema },
    },
    async (request) =>
      setUserActive(app.deps.db, request.params.id, request.body.isActive, { id: request.user!.id, sessionHash: request.sessionHash }),
  );
}
