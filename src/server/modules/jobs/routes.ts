import { z } from '#shared/schemas/z.ts';
import type { App } from '../../core/app-types.ts';
import { forbidden, notFound } from '../../core/http-errors.ts';

const TAGS = ['Фоновые задачи'];
const JobParams = z.object({ id: z.coerce.number().int().positive() });

const ADMIN_ONLY = 'Эту задачу может остановить, приостановить или продолжить только администратор';

const found = <T>(job: T | null): T => {
  if (!job) throw notFound('Задача не найдена');
  return job;
};

/** Progress of background jobs (imports, scraping) for the screens that started them, and staff's stop, pause and resume. */
export default async function jobRoutes(app: App) {
  app.get(
    '/admin/jobs/:id',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Состояние фоновой задачи', params: JobParams } },
    async (request) => found(await app.jobs.get(request.params.id)),
  );

  for (const action of ['stop', 'pause', 'resume'] as const) {
    app.post(
      `/admin/jobs/:id/${action}`,
      {
        config: { access: 'staff', staffLog: `job.${action}` },
        schema: { tags: TAGS, summary: { stop: 'Остановить задачу', pause: 'Приостановить задачу', resume: 'Продолжить задачу' }[action], params: JobParams },
      },
      async (request) => {
        const job = found(await app.jobs.get(request.params.id));
        // The same role as starting a job of this kind (a manager cannot stop 1C's import).
        if (app.jobs.controlledBy(job.kind) === 'admin' && request.user!.role !== 'admin') throw forbidden(ADMIN_ONLY);
        return found(await app.jobs.request(request.params.id, action));
      },
    );
  }
}
