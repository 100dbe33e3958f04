import { CART_QUANTITY_MAX } from '../constants.ts';
import { CartIdSchema, CartSchema } from './cart.ts';
import { z } from './z.ts';

/**
 * «Заказ по артикулам» (issue 27): a list of «артикул количество» lines, pasted or read from a
 * CSV or XLSX file, checked against the catalogue, then added to the cart in one step.
 */

/** Lines a list may have (empty lines are not counted). */
export const SKU_LIST_MAX_LINES = 200;
/** Characters of the whole list and of one line: far above 200 lines of real SKUs. */
export const SKU_LIST_MAX_CHARS = 20_000;
export const SKU_LINE_MAX_CHARS = 200;
/** A CSV or XLSX file of at most 200 lines fits in a fraction of this. */
export const SKU_FILE_MAX_BYTES = 1024 * 1024;

export const SKU_LIST_EMPTY = 'Вставьте список: в каждой строке артикул и, через пробел, количество';
export const SKU_LIST_TOO_LONG = `Список слишком длинный: не больше ${SKU_LIST_MAX_CHARS.toLocaleString('ru-RU')} символов`;
export const skuListTooManyLines = (lines: number) => `Не больше ${SKU_LIST_MAX_LINES} строк за раз, а в списке ${lines}: разделите его на части`;
export const SKU_FILE_TOO_LARGE = 'Файл больше 1 МБ: для списка до 200 строк этого достаточно — оставьте в нём только артикулы и количества';
export const SKU_FILE_WRONG = 'Загрузите файл CSV или Excel (XLSX): в первом столбце артикул, во втором количество';

/** The list's text: the same field for the check and for adding it to the cart. */
export const SkuListTextSchema = z
  .string({ error: SKU_LIST_EMPTY })
  .max(SKU_LIST_MAX_CHARS, SKU_LIST_TOO_LONG)
  .refine((text) => text.trim() !== '', SKU_LIST_EMPTY);

export const SkuListBodySchema = z.object({ text: SkuListTextSchema });
export const RepeatOrderBodySchema = z.object({ cartId: CartIdSchema });

/** How a found product stands against the quantity asked for. */
export const SKU_LINE_STATUSES = ['ok', 'short', 'out', 'on_request'] as const;
export type SkuLineStatus = (typeof SKU_LINE_STATUSES)[number];

const Roubles = z.number();

export const SkuFoundLineSchema = z.object({
  productId: z.number(),
  sku: z.string().meta({ description: 'Артикул магазина' }),
  typed: z.array(z.string()).meta({ description: 'Артикулы, как их написал покупатель (магазина или поставщика)' }),
  lines: z.array(z.number()).meta({ description: 'Номера строк списка: один товар в нескольких строках складывается' }),
  name: z.string(),
  slug: z.string(),
  imageUrl: z.string().nullable(),
  price: Roubles.nullable().meta({ description: 'Цена за штуку сегодня; null или 0 — «Цена по запросу»' }),
  quantity: z.number().meta({ description: 'Сколько просили (сумма строк)' }),
  sum: Roubles.meta({ description: 'price × quantity; 0 для цены по запросу' }),
  stock: z.number().meta({ description: 'Остаток на складах' }),
  status: z.enum(SKU_LINE_STATUSES).meta({ description: 'ok — хватает; short — меньше, чем просили; out — нет в наличии; on_request — цена по запросу, на сайте не заказать' }),
  addQuantity: z.number().meta({ description: `Сколько будет добавлено в корзину: не больше остатка и ${CART_QUANTITY_MAX}` }),
});
export type SkuFoundLine = z.infer<typeof SkuFoundLineSchema>;

export const SkuListCheckSchema = z.object({
  found: z.array(SkuFoundLineSchema),
  notFound: z.array(z.object({ line: z.number(), sku: z.string() })).meta({ description: 'Неизвестные артикулы, скрытые и снятые с продажи товары' }),
  errors: z.array(z.object({ line: z.number(), message: z.string() })).meta({ description: 'Строки, которые не удалось прочитать' }),
  header: z.string().nullable().meta({ description: 'Первая строка, принятая за заголовок и пропущенная' }),
  addable: z.object({
    positions: z.number().meta({ description: 'Товаров, которые будут добавлены' }),
    units: z.number(),
    total: Roubles.meta({ description: 'Их сумма по сегодняшним ценам' }),
  }),
});
export type SkuListCheck = z.infer<typeof SkuListCheckSchema>;

/** A file read into the list's text (so the customer can correct it) and its check. */
export const SkuListFileSchema = z.object({ text: z.string(), check: SkuListCheckSchema });
export type SkuListFile = z.infer<typeof SkuListFileSchema>;

/** Why a line was not put in the cart. */
export const NOT_ADDED_REASONS = ['off_sale', 'on_request', 'out_of_stock', 'cart_full'] as const;
export type NotAddedReason = (typeof NOT_ADDED_REASONS)[number];

export const CartLinesResultSchema = z.object({
  cart: CartSchema,
  added: z.array(
    z.object({
      productId: z.number(),
      name: z.string(),
      quantity: z.number().meta({ description: 'Сколько добавлено' }),
      requested: z.number().meta({ description: 'Сколько просили: больше quantity, когда не хватило остатка' }),
    }),
  ),
  notAdded: z.array(
    z.object({
      productId: z.number().nullable().meta({ description: 'null — товар удалён из каталога' }),
      name: z.string(),
      reason: z.enum(NOT_ADDED_REASONS).meta({
        description: 'off_sale — больше не продаётся (удалён или скрыт); on_request — цена по запросу; out_of_stock — нет в наличии; cart_full — в корзине уже весь остаток или 999 шт.',
      }),
    }),
  ),
});
export type CartLinesResult = z.infer<typeof CartLinesResultSchema>;

/** The words of each reason after «Не добавлены: …». */
export const NOT_ADDED_TEXT: Record<NotAddedReason, string> = {
  off_sale: 'больше не продаётся',
  on_request: 'цена по запросу, закажите по телефону',
  out_of_stock: 'нет в наличии',
  cart_full: 'в корзине уже весь остаток',
};

/**
 * What a customer is told after lines went to the cart, beyond «добавлено»: the lines left out by
 * reason («Не добавлены: A, B — больше не продаётся») and those cut to the stock.
 */
export function cartLinesNotes(result: Pick<CartLinesResult, 'added' | 'notAdded'>): string[] {
  const notes = NOT_ADDED_REASONS.flatMap((reason) => {
    const names = result.notAdded.filter((line) => line.reason === reason).map((line) => `«${line.name}»`);
    return names.length ? [`Не добавлены: ${names.join(', ')} — ${NOT_ADDED_TEXT[reason]}`] : [];
  });
  const cut = result.added.filter((line) => line.quantity < line.requested);
  if (cut.length) notes.push(`Не хватило на складе, добавлено меньше: ${cut.map((line) => `«${line.name}» — ${line.quantity} шт. из ${line.requested}`).join(', ')}`);
  return notes;
}
