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

/**
 * The heart and «Сравнить» before the page's script loads: a plain form posts what to do; the
 * page to come back to is `back`, or else the page the form was on.
 */
export const ListFormSchema = z.object({
  productId: ProductIdTextSchema,
  action: z.enum(['add', 'remove'], { error: 'Неизвестное действие' }),
  back: z.string().optional(),
});
