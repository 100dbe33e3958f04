import { CART_QUANTITY_MAX } from '../constants.ts';
import { z } from './z.ts';

export const CART_ID_MESSAGE = 'Некорректный идентификатор корзины';
export const QUANTITY_MESSAGE = `Количество должно быть целым числом от 1 до ${CART_QUANTITY_MAX}`;

/** The browser's cart id: a random UUID v4 (decisions.md). */
export const CartIdSchema = z.string({ error: CART_ID_MESSAGE }).pipe(z.uuidv4(CART_ID_MESSAGE));

export const CartQuantitySchema = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(CART_QUANTITY_MAX, QUANTITY_MESSAGE);

export const AddCartItemSchema = z.object({
  cartId: CartIdSchema,
  productId: z.number({ error: 'Не указан товар' }).int('Не указан товар').positive('Не указан товар'),
  quantity: CartQuantitySchema.default(1),
});
export type AddCartItemInput = z.infer<typeof AddCartItemSchema>;

export const UpdateCartItemSchema = z.object({ quantity: CartQuantitySchema, cartId: CartIdSchema });
export type UpdateCartItemInput = z.infer<typeof UpdateCartItemSchema>;
