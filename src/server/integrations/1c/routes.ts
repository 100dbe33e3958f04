import type { FastifyError, FastifyRequest } from 'fastify';
import type { App } from '../../core/app-types.ts';
import { namedPlugin } from '../../core/named-plugin.ts';
import { PrivateFilesError } from '../../core/private-files.ts';
import { z } from '#shared/schemas/z.ts';
import { Exchange1cLogQuerySchema, Exchange1cSettingsInputSchema } from '#shared/schemas/exchange-1c.ts';
import type { ExchangeDeps } from './deps.ts';
import { dispatch, refusalBeforeBody } from './dispatcher.ts';
import { failure } from './mode.ts';
import { FILE_LIMIT } from './files.ts';
import { IMPORT_JOB, runImportJob, settleImportJob, type ImportPayload } from './import-job.ts';
import { listExchangeLog } from './log.ts';
import { EXCHANGE_COOKIE } from './session.ts';
import { getExchangeSettingsView, saveExchangeSettings } from './settings.ts';

const TAGS = ['Обмен с 1С'];
/** A part of a file is at most FILE_LIMIT bytes (announced on init); a little over for safety. */
const BODY_LIMIT = FILE_LIMIT + 64 * 1024;
/** As 1C sends them; unknown values are answered by the dispatcher in its own words. */
const ExchangeQuerySchema = z.object({ type: z.string().optional(), mode: z.string().optional(), filename: z.string().optional() });

/** The call as the dispatcher reads it, without its body. */
const callOf = (request: FastifyRequest) => {
  const query = request.query as z.infer<typeof ExchangeQuerySchema>;
  return { type: query.type, mode: query.mode, filename: query.filename, authorization: request.headers.authorization, cookie: request.cookies[EXCHANGE_COOKIE], ip: request.ip };
};

const hasBody = (headers: FastifyRequest['headers']) => Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

export default async function exchange1cRoutes(app: App) {
  const deps: ExchangeDeps = { db: app.deps.db, config: app.deps.config, clock: app.deps.clock, jobs: app.jobs, log: app.log };
  app.jobs.handle<ImportPayload>(IMPORT_JOB, (job) => runImportJob(deps, job), {
    settled: (job) => settleImportJob(deps, job),
    // 1C's exchange and its settings and log are the admin's: so is stopping its import.
    controlledBy: 'admin',
  });

  // 1C is not a browser: it signs in with HTTP Basic and its own cookie (session.ts), sends raw
  // bodies of any type and reads plain UTF-8 text. Its own plugin context, so only these two
  // routes take every body as bytes.
  await app.register(namedPlugin(async (exchange: App) => {
    exchange.removeAllContentTypeParsers();
    exchange.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    exchange.route({
      method: ['GET', 'POST'],
      url: '/1c/exchange',
      bodyLimit: BODY_LIMIT,
      config: { access: 'public' },
      schema: { tags: TAGS, summary: 'Обмен с 1С (CommerceML 2): checkauth, init, file, import', querystring: ExchangeQuerySchema },
      errorHandler: (error: FastifyError, request, reply) => {
        // A call refused on purpose (a bad query, a part too large) is 1C's mistake, not the server's.
        const status = error.statusCode ?? 500;
        request.log[status >= 500 ? 'error' : 'warn']({ err: error }, '1C exchange call failed');
        const reason =
          error.statusCode === 413
            ? `Часть файла больше ${FILE_LIMIT} байт`
            : // The closed bucket's refusal names what the administrator should check.
              error instanceof PrivateFilesError
              ? error.message
              : 'Внутренняя ошибка сервера при обмене';
        return reply.status(200).type('text/plain; charset=utf-8').send(failure(reason));
      },
      // A body (up to FILE_LIMIT bytes) is read only once the call is known to come from a live
      // exchange session: a stranger's upload is refused before its first byte is buffered.
      preParsing: async (request, reply, payload) => {
        if (!hasBody(request.headers)) return payload;
        const refused = await refusalBeforeBody(deps, callOf(request));
        if (refused !== null) reply.type('text/plain; charset=utf-8').send(refused);
        return payload;
      },
      handler: async (request, reply) => {
        const answer = await dispatch(deps, { ...callOf(request), body: Buffer.isBuffer(request.body) ? request.body : undefined });
        return reply.type('text/plain; charset=utf-8').send(answer);
      },
    });
  }, '1c-exchange'));

  app.get('/admin/settings/exchange-1c', { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Настройки обмена с 1С' } }, async () =>
    getExchangeSettingsView(app.deps.db, app.deps.config),
  );
  app.put(
    '/admin/settings/exchange-1c',
    { config: { access: 'admin', staffLog: 'settings.exchange-1c' }, schema: { tags: TAGS, summary: 'Сохранить настройки обмена с 1С', body: Exchange1cSettingsInputSchema } },
    async (request) => saveExchangeSettings(app.deps.db, app.deps.config, request.body, app.deps.clock()),
  );
  app.get(
    '/admin/exchange-1c/log',
    { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Журнал обмена с 1С', querystring: Exchange1cLogQuerySchema } },
    async (request) => listExchangeLog(app.deps.db, request.query.page),
  );
}
