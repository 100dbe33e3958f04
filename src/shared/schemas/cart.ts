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

/** Roubles as the API speaks them (decisions.md: kopecks inside, roubles at the API). */
const Roubles = z.number();
const VatRateField = z.number().meta({ description: 'Ставка НДС магазина в процентах: 20, 22, 10 или 0 (без НДС)' });
const VatInTotalField = Roubles.meta({ description: 'НДС, который содержит итог (товары и доставка), с копейками: его же несут чек и документы 1С; 0 без НДС' });
const PricesIncludeVatField = z.boolean().meta({ description: 'Цены товаров с НДС (итог — товары + доставка); false — НДС начисляется сверх них' });

/** The product as a cart line shows it (current catalogue data, not a snapshot). */
export const CartProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: Roubles.nullable().meta({ description: 'Цена за штуку в рублях для этого покупателя (цена его группы, иначе как в каталоге); 0 или null — «Цена по запросу»' }),
  retailPrice: Roubles.nullable().meta({ description: 'Розничная цена каталога, когда цена покупателя («Ваша цена») другая; иначе null' }),
  slug: z.string(),
  imageUrl: z.string().nullable(),
  shortDescription: z.string(),
  stock: z.number().nullable().meta({ description: 'Остаток; null считается «нет в наличии»' }),
  isActive: z.boolean(),
});

export const CartItemSchema = z.object({
  id: z.number(),
  quantity: z.number(),
  product: CartProductSchema,
  totalPrice: Roubles.meta({ description: 'Сумма строки в рублях (0 для товара с ценой по запросу)' }),
});

/**
 * GET /api/cart/{cartId}; every cart call answers with it. items, itemCount and subtotal are the
 * spec's; the other amounts are the order summary computed by the server (spec 9), so the
 * screens never recompute money.
 */
export const CartSchema = z.object({
  cartId: z.string(),
  generation: z.number().meta({ description: 'Растёт при оформлении заказа из корзины; отправляется с заказом (идемпотентность)' }),
  items: z.array(CartItemSchema),
  itemCount: z.number().meta({ description: 'Единиц товара в корзине (сумма количеств)' }),
  subtotal: Roubles.meta({ description: 'Товары, рубли (строки с ценой по запросу не считаются)' }),
  vat: Roubles.meta({ description: 'НДС по ставке vatRate сверх суммы товаров, целые рубли; 0 без НДС и при ценах с НДС' }),
  vatInTotal: VatInTotalField,
  vatRate: VatRateField,
  pricesIncludeVat: PricesIncludeVatField,
  delivery: Roubles.meta({ description: 'Доставка: 500 ₽, бесплатно от порога магазина (включительно); 0 для пустой корзины' }),
  total: Roubles.meta({ description: 'Итого: товары + НДС + доставка; его же ждёт заказ в expectedTotal' }),
  toFreeDelivery: Roubles.meta({ description: 'Сколько рублей товаров добавить до бесплатной доставки; 0, когда она уже бесплатна' }),
});
export type CartProduct = z.infer<typeof CartProductSchema>;
export type CartItem = z.infer<typeof CartItemSchema>;
export type Cart = z.infer<typeof CartSchema>;

/** A branch as checkout offers it for pickup: chosen only when `available`, otherwise `reason` says why not. */
export const PickupBranchOptionSchema = z.object({
  id: z.number(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  workingHours: z.string(),
  available: z.boolean().meta({ description: 'Выдаёт заказы и держит в наличии каждую строку корзины (или её привезут из другого филиала)' }),
  transfer: z.boolean().meta({ description: 'Часть строк привезут из других филиалов (сроки перемещения в настройках)' }),
  readyBy: z.string().nullable().meta({ description: 'При перемещении: день (YYYY-MM-DD, время магазина), к которому заказ будет в филиале; иначе null' }),
  reason: z.string().nullable().meta({ description: 'Почему филиал нельзя выбрать; null, когда можно' }),
});
export type PickupBranchOption = z.infer<typeof PickupBranchOptionSchema>;

/** GET /api/cart/{cartId}/pickup: which branches can hand out this cart, and its totals for pickup (no delivery). */
export const CartPickupSchema = z.object({
  branches: z.array(PickupBranchOptionSchema),
  subtotal: Roubles,
  vat: Roubles,
  vatInTotal: VatInTotalField,
  vatRate: VatRateField,
  pricesIncludeVat: PricesIncludeVatField,
  delivery: Roubles.meta({ description: 'Самовывоз бесплатный: 0' }),
  total: Roubles.meta({ description: 'Итого при самовывозе; его же ждёт заказ в expectedTotal' }),
});
export type CartPickup = z.infer<typeof CartPickupSchema>;
