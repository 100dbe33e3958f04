import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { idParams, type z } from '#shared/schemas/z.ts';
import {
  ApplyImportSchema,
  CheckImportSchema,
  CreateSupplierSchema,
  IMPORT_FILE_TOO_LARGE,
  ImportRowsQuerySchema,
  ImportsQuerySchema,
  MAX_IMPORT_FILE_BYTES,
  PatchSupplierSchema,
  PreviewImportSchema,
  UploadFieldsSchema,
  UrlImportSchema,
  type ImportDetail,
} from '#shared/schemas/supplier-import.ts';
import type { App } from '../../core/app-types.ts';
import { HttpError, badRequest } from '../../core/http-errors.ts';
import { runApply, settleApply } from './apply.ts';
import { runCheck, settleCheck } from './check.ts';
import { APPLY_JOB, CHECK_JOB, SCHEDULED_JOB, type ImportDeps, type ImportJobPayload } from './deps.ts';
import { removeStoredFile, storeStream } from './files.ts';
import { importFromUrl, importRows, importUploadedFile, listImports, previewImport, startApply, startCheck } from './imports.ts';
import { importReport } from './report.ts';
import { rollbackImport } from './rollback.ts';
import { runScheduled, type ScheduledPayload } from './scheduled.ts';
import { registerImportScheduler } from './scheduler.ts';
import { importDetail } from './summaries.ts';
import { createSupplier, listSuppliers, patchSupplier } from './suppliers.ts';

const TAGS = ['Импорт прайс-листов'];
const SupplierParams = idParams('Поставщик не найден');
const ImportParams = idParams('Импорт не найден');

/** The multipart limits of a price list: one file up to 50 MB and the few read options beside it. */
const MULTIPART_LIMITS = { fileSize: MAX_IMPORT_FILE_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1000 };

/**
 * Streams the multipart upload's file to disk as it arrives, whatever the order of its parts, and
 * returns it with the text fields. A file over the limit is removed and refused with 413.
 */
async function receiveUpload(deps: ImportDeps, request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let stored: { name: string; bytes: number; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname !== 'file' || stored) part.file.resume();
      else stored = { ...(await storeStream(deps.config, part.file)), fileName: part.filename };
    }
  } catch (error) {
    if (stored) await removeStoredFile(deps.config, stored.name);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMPORT_FILE_TOO_LARGE);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') throw badRequest('Отправьте один файл в поле file и параметры чтения');
    throw badRequest('Файл не получен целиком: попробуйте загрузить его ещё раз');
  }
  if (!stored) throw badRequest('Выберите файл прайс-листа', { file: ['Выберите файл прайс-листа'] });
  const parsed = UploadFieldsSchema.safeParse(fields);
  if (stored.bytes > 0 && parsed.success) return { stored, fields: parsed.data };
  await removeStoredFile(deps.config, stored.name);
  if (stored.bytes === 0) throw badRequest('Файл пустой', { file: ['Файл пустой'] });
  throw parsed.error;
}

/** /admin/supplier-importer: suppliers, price-list imports, their dry runs, applying, rollback, reports; staff only. */
export default async function supplierImportRoutes(app: App) {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  const { db, config, mailer, clock } = app.deps;
  const deps: ImportDeps = { db, config, mailer, clock, jobs: app.jobs, log: app.log };

  app.jobs.handle<ImportJobPayload>(CHECK_JOB, (job) => runCheck(deps, job), { settled: (job) => settleCheck(deps, job) });
  app.jobs.handle<ImportJobPayload>(APPLY_JOB, (job) => runApply(deps, job), { settled: (job) => settleApply(deps, job) });
  app.jobs.handle<ScheduledPayload>(SCHEDULED_JOB, (job) => runScheduled(deps, job));
  registerImportScheduler(app, deps);

  app.get(
    '/admin/suppliers',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Поставщики: настройки, число товаров, последний импорт' } },
    async () => listSuppliers(db),
  );

  app.post(
    '/admin/suppliers',
    { config: { access: 'staff', staffLog: 'supplier.create' }, schema: { tags: TAGS, summary: 'Добавить поставщика', body: CreateSupplierSchema } },
    async (request, reply) => reply.status(201).send(await createSupplier(db, request.body, clock())),
  );

  app.patch(
    '/admin/suppliers/:id',
    { config: { access: 'staff', staffLog: 'supplier.update' }, schema: { tags: TAGS, summary: 'Изменить поставщика: название, адрес, расписание, настройки', params: SupplierParams, body: PatchSupplierSchema } },
    async (request) => patchSupplier(db, request.params.id, request.body, clock()),
  );

  app.post(
    '/admin/supplier-imports',
    {
      config: { access: 'staff', staffLog: 'import.upload' },
      schema: {
        tags: TAGS,
        summary: 'Загрузить прайс-лист: файл (multipart: supplierId, file до 50 МБ, sheet, encoding, delimiter, headerRow) или адрес (JSON: supplierId, url)',
        consumes: ['multipart/form-data', 'application/json'],
      },
    },
    async (request, reply) => {
      const userId = request.user?.id ?? null;
      let detail: ImportDetail;
      if (request.isMultipart()) {
        const { stored, fields } = await receiveUpload(deps, request);
        const { supplierId, ...read } = fields;
        detail = await importUploadedFile(deps, { supplierId, fileName: stored.fileName, storedFile: stored.name, read, userId });
      } else {
        const { supplierId, url } = UrlImportSchema.parse(request.body ?? {});
        detail = await importFromUrl(deps, { supplierId, url, userId });
      }
      return reply.status(201).send(detail);
    },
  );

  app.get(
    '/admin/supplier-imports',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'История импортов, по 20 на странице', querystring: ImportsQuerySchema } },
    async (request) => listImports(db, request.query),
  );

  app.get(
    '/admin/supplier-imports/:id',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Импорт: состояние, предпросмотр файла, выбранные настройки', params: ImportParams } },
    async (request) => importDetail(db, request.params.id),
  );

  app.post(
    '/admin/supplier-imports/:id/preview',
    { config: { access: 'staff', staffLog: false }, schema: { tags: TAGS, summary: 'Прочитать файл иначе: лист, кодировка, строка заголовка', params: ImportParams, body: PreviewImportSchema } },
    async (request) => previewImport(deps, request.params.id, request.body.read),
  );

  /** A step of an import that runs as a background job: 202 with the job's number. */
  const jobStep = <B extends z.ZodType>(step: 'check' | 'apply', summary: string, body: B, start: (deps: ImportDeps, id: number, body: z.output<B>, userId: number | null) => Promise<unknown>) =>
    app.post(
      `/admin/supplier-imports/:id/${step}`,
      { config: { access: 'staff', staffLog: `import.${step}` }, schema: { tags: TAGS, summary, params: ImportParams, body } },
      async (request, reply) => reply.status(202).send(await start(deps, request.params.id, request.body as z.output<B>, request.user?.id ?? null)),
    );

  jobStep('check', 'Проверить импорт (пробный прогон, фоновая задача)', CheckImportSchema, startCheck);

  app.get(
    '/admin/supplier-imports/:id/rows',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Строки отчёта, по 50 на странице', params: ImportParams, querystring: ImportRowsQuerySchema } },
    async (request) => importRows(db, request.params.id, request.query),
  );

  jobStep('apply', 'Применить проверенный импорт (фоновая задача)', ApplyImportSchema, startApply);

  app.post(
    '/admin/supplier-imports/:id/rollback',
    { config: { access: 'staff', staffLog: 'import.rollback' }, schema: { tags: TAGS, summary: 'Откатить применённый импорт', params: ImportParams } },
    async (request) => rollbackImport(deps, request.params.id),
  );

  app.get(
    '/admin/supplier-imports/:id/report.csv',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Отчёт по строкам (CSV для Excel)', params: ImportParams } },
    async (request, reply) => {
      const { fileName, stream } = await importReport(db, request.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(stream);
    },
  );
}
