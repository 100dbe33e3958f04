import { z } from '#shared/schemas/z.ts';
import { CurrentPasswordSchema } from '#shared/schemas/own-password.ts';
import { BackupSettingsSchema } from '#shared/schemas/backup.ts';
import type { App } from '../../core/app-types.ts';
import { requireCurrentPassword } from '../auth/current-password.ts';
import { registerBackupScheduler } from './scheduler.ts';
import { backupOverview, createBackup, getBackupSettings, saveBackupSettings } from './service.ts';
import { backupShelf } from './shelf.ts';

const TAGS = ['Резервные копии (администратор)'];

/** The settings' backup tab: administrators only. */
export default async function backupRoutes(app: App) {
  const deps = () => ({ config: app.deps.config, database: app.deps.database });
  registerBackupScheduler(app);

  app.get(
    '/admin/backups',
    { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Копии (размер, время), настройки автоматических копий' } },
    async () => backupOverview(deps(), app.deps.clock()),
  );

  app.post(
    '/admin/backups',
    { config: { access: 'admin', staffLog: 'backup.create' }, schema: { tags: TAGS, summary: 'Создать полную резервную копию данных' } },
    async (request, reply) => {
      const file = await createBackup(deps(), 'manual', app.deps.clock());
      request.log.info({ backup: file.name, size: file.size, by: request.user?.id }, 'backup made');
      return reply.status(201).send(file);
    },
  );

  app.post(
    '/admin/backups/:name/download',
    {
      config: { access: 'admin', staffLog: 'backup.download' },
      schema: {
        tags: TAGS,
        summary: 'Скачать резервную копию (нужен пароль администратора)',
        params: z.object({ name: z.string().max(100) }),
        body: CurrentPasswordSchema,
      },
      // A copy holds every account and order: the administrator's password again, not only the session.
      preHandler: requireCurrentPassword(app),
    },
    async (request, reply) => {
      const { stream, size } = await backupShelf(app.deps.config).open(request.params.name);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(stream);
    },
  );

  app.get(
    '/admin/settings/backup',
    { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Настройки автоматических копий' } },
    async () => getBackupSettings(app.deps.database.db),
  );

  app.put(
    '/admin/settings/backup',
    { config: { access: 'admin', staffLog: 'settings.backup' }, schema: { tags: TAGS, summary: 'Сохранить настройки автоматических копий', body: BackupSettingsSchema } },
    async (request) => saveBackupSettings(app.deps.database.db, request.body, app.deps.clock()),
  );
}
