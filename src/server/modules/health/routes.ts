import type { App } from '../../core/app-types.ts';
import { databaseAnswers, schemaIsCurrent } from './service.ts';

/**
 * Liveness and readiness for a balancer or an orchestrator. `/api/health`: the process answers
 * (it asks nothing of the database, so a database outage does not get healthy processes killed).
 * `/api/ready`: this process can serve: the database answers and its schema is this build's (not
 * while migrations run). While the process stops, Fastify answers 503 to everything, this too.
 */
export default async function healthRoutes(app: App) {
  app.get('/health', { config: { access: 'public' } }, async () => ({ status: 'ok', database: app.deps.database.kind }));

  app.get('/ready', { config: { access: 'public' } }, async (_request, reply) => {
    if (!(await databaseAnswers(app.deps.db))) return reply.status(503).send({ status: 'error', message: 'База данных недоступна' });
    if (!(await schemaIsCurrent(app.deps.db))) return reply.status(503).send({ status: 'error', message: 'Схема базы данных не совпадает с версией сервера: идут миграции' });
    return { status: 'ready' };
  });
}
