import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from '#shared/schemas/z.ts';
import { CartIdSchema } from '#shared/schemas/cart.ts';
import { CartLinesResultSchema, SKU_FILE_MAX_BYTES, SKU_FILE_TOO_LARGE, SkuListBodySchema, SkuListCheckSchema, SkuListFileSchema } from '#shared/schemas/sku-list.ts';
import type { App } from '../../core/app-types.ts';
import { HttpError, badRequest } from '../../core/http-errors.ts';
import { requestMeta } from '../rate-limits/service.ts';
import { skuListFromFile } from './sku-file.ts';
import { addSkuListToCart, checkSkuList, enforceSkuListLimit } from './sku-list.ts';

const tags = ['Заказ по артикулам'];
const config = { access: 'public' } as const;
const PICK_FILE = 'Выберите файл CSV или XLSX';

/** The uploaded file's bytes; a file over the limit, a missing or second file are refused in Russian. */
async function receiveFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest(PICK_FILE, { file: [PICK_FILE] });
  try {
    const file = await request.file();
    if (!file) throw badRequest(PICK_FILE, { file: [PICK_FILE] });
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, SKU_FILE_TOO_LARGE, { file: [SKU_FILE_TOO_LARGE] });
    throw badRequest('Файл не получен целиком: попробуйте загрузить его ещё раз', { file: ['Файл не получен целиком'] });
  }
}

/**
 * «Заказ по артикулам»: a list of «артикул количество» lines checked against the catalogue, then
 * added to the cart in one step. The check needs no cart: the page checks a list sent by a plain
 * form before its script loads, when the server cannot know the browser's cart.
 */
export default async function skuListRoutes(app: App) {
  await app.register(fastifyMultipart, { limits: { fileSize: SKU_FILE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100 } });

  app.post(
    '/sku-list/check',
    {
      config,
      schema: {
        tags,
        summary: 'Проверить список «артикул количество» (до 200 строк; артикул магазина или поставщика): найденные товары с ценой и остатком, неизвестные артикулы, ошибки строк',
        body: SkuListBodySchema,
        response: { 200: SkuListCheckSchema },
      },
    },
    async (request) => {
      await enforceSkuListLimit(app.deps.db, requestMeta(app, request));
      return checkSkuList(app.deps.db, request.body.text, request.user?.id);
    },
  );

  app.post(
    '/sku-list/file',
    {
      config,
      schema: {
        tags,
        summary: 'Прочитать список из файла CSV или XLSX до 1 МБ (multipart, поле file; первый столбец — артикул, второй — количество): текст списка и его проверка',
        consumes: ['multipart/form-data'],
        response: { 200: SkuListFileSchema },
      },
    },
    async (request) => {
      await enforceSkuListLimit(app.deps.db, requestMeta(app, request));
      const text = await skuListFromFile(await receiveFile(request));
      return { text, check: await checkSkuList(app.deps.db, text, request.user?.id) };
    },
  );

  app.post(
    '/cart/:cartId/sku-list',
    {
      config,
      schema: {
        tags,
        summary: 'Добавить в корзину все найденные товары списка одним действием: не больше остатка и 999 шт. строки; что не добавлено — с причиной',
        params: z.object({ cartId: CartIdSchema }),
        body: SkuListBodySchema,
        response: { 201: CartLinesResultSchema },
      },
    },
    async (request, reply) => {
      const meta = requestMeta(app, request);
      await enforceSkuListLimit(app.deps.db, meta);
      return reply.status(201).send(await addSkuListToCart(app.deps.db, request.params.cartId, request.body.text, meta, request.user?.id));
    },
  );
}
