import fastifyMultipart from '@fastify/multipart';
import type { App } from '../../core/app-types.ts';
import { CacheBuster } from '../../core/cache-buster.ts';
import { HttpError, badRequest } from '../../core/http-errors.ts';
import { getDashboard } from './service.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_SIZE_MESSAGE, saveUpload } from '../../core/pictures.ts';

const TAGS = ['Панель управления'];

/** The back office's own calls (spec 7, "admin"): the dashboard and picture uploads; staff only. Product operations live in the products module. */
export default async function adminRoutes(app: App) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.get(
    '/admin/dashboard',
    { config: { access: 'staff' }, schema: { tags: TAGS, summary: 'Показатели панели управления', querystring: CacheBuster } },
    async () => getDashboard(app.deps.db, app.deps.clock()),
  );

  app.post(
    '/admin/uploads',
    {
      config: { access: 'staff', staffLog: 'upload.create' },
      schema: { tags: TAGS, summary: 'Загрузить изображение товара (JPEG, PNG или WebP до 5 МБ), поле file', consumes: ['multipart/form-data'] },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Отправьте файл изображения в поле file (multipart/form-data)');
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file) throw badRequest('Выберите файл изображения');
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, UPLOAD_SIZE_MESSAGE);
        throw badRequest('Не удалось прочитать файл');
      }
      const result = await saveUpload(app.deps.config, bytes);
      return reply.status(201).send(result);
    },
  );
}
