import { LIST_KINDS } from '../product-lists.ts';
import { z } from './z.ts';

export const ListKindSchema = z.enum(LIST_KINDS, { error: 'Неизвестный список' });

const PRODUCT_MESSAGE = 'Не указан товар';
const ProductIdSchema = z.number({ error: PRODUCT_MESSAGE }).int(PRODUCT_MESSAGE).positive(PRODUCT_MESSAGE);
/** A product id from a path or a plain form, where it comes as text. */
const ProductIdTextSchema = z.coerce.number({ error: PRODUCT_MESSAGE }).int(PRODUCT_MESSAGE).positive(PRODUCT_MESSAGE);

export const ListKindParams = z.object({ kind: ListKindSchema });
export const ListItemParams = z.object({ kind: ListKindSchema, productId: ProductIdTextSchema });
export const AddToListSchema = z.object({ productId: ProductIdSchema });

const back = z.string().optional();

/**
 * The heart, «Сравнить» and «Очистить» before the page's script loads: a plain form posts what to
 * do; the page to come back to is `back`, or else the page the form was on.
 */
export const ListFormSchema = z.discriminatedUnion(
  'action',
  [z.object({ action: z.enum(['add', 'remove']), productId: ProductIdTextSchema, back }), z.object({ action: z.literal('clear'), back })],
  { error: 'Неизвестное действие' },
);
