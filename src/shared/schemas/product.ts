import { MAX_PRICE_RUB } from '../money.ts';
import { isIdLike } from '../slug.ts';
import { ProductAttributeValuesField } from './attributes.ts';
import { ParcelSizeFields } from './parcel-size.ts';
import { alongsideFieldErrors, toNumberOrNull, z } from './z.ts';

/**
 * The product form of spec 5 (admin create/edit, bulk import items): one schema for the form,
 * `POST /api/products`, `PATCH /api/products/{id}` and `POST /api/admin/products`.
 * Money in roubles. Numbers may arrive as strings (form inputs, pasted JSON).
 */

export const PRODUCT_MESSAGES = {
  name: 'Название должно содержать не менее 2 символов',
  slug: 'Slug должен содержать не менее 2 символов',
  slugFormat: 'Только строчные буквы, цифры и дефисы',
  slugDigits: 'Slug не может состоять только из цифр',
  sku: 'Артикул должен содержать не менее 2 символов',
  price: 'Цена должна быть больше или равна 0',
  priceRequired: 'Укажите цену',
  originalPrice: 'Старая цена должна быть больше или равна 0',
  stock: 'Количество должно быть положительным',
  stockInteger: 'Количество должно быть целым числом',
  category: 'Выберите категорию',
  supplierCategory: 'Укажите категорию поставщика',
  supplier: 'Выберите поставщика из списка или «Без поставщика»',
  imageUrl: 'Укажите адрес изображения: https://… или /uploads/…',
  number: 'Введите число',
} as const;


const TOO_MUCH = 'Слишком большая сумма: не больше 20 000 000 ₽';

const money = (message: string) =>
  z.number({ error: PRODUCT_MESSAGES.number }).min(0, message).max(MAX_PRICE_RUB, TOO_MUCH);

/** A required price: empty fails with 'Укажите цену'. */
const priceField = z.preprocess(
  (v) => toNumberOrNull(v) ?? undefined,
  z.number({ error: (issue) => (issue.input === undefined ? PRODUCT_MESSAGES.priceRequired : PRODUCT_MESSAGES.number) })
    .min(0, PRODUCT_MESSAGES.price)
    .max(MAX_PRICE_RUB, TOO_MUCH),
);

const optionalMoney = (message: string) => z.preprocess(toNumberOrNull, money(message).nullable());

const stockNumber = z
  .number({ error: PRODUCT_MESSAGES.number })
  .int(PRODUCT_MESSAGES.stockInteger)
  .min(0, PRODUCT_MESSAGES.stock)
  .max(10_000_000, 'Слишком большое количество');

const stockField = z.preprocess(toNumberOrNull, stockNumber.nullable());

/**
 * The quantity in each named branch (the form's per-branch fields); branches not named keep theirs.
 * When given, `stock` is not read: the product's stock is the sum over its branches.
 */
const branchStockField = z.array(
  z.object({
    branchId: z.number({ error: 'Выберите филиал' }).int('Выберите филиал').positive('Выберите филиал'),
    quantity: z.preprocess((v) => toNumberOrNull(v) ?? 0, stockNumber),
  }),
  { error: 'Некорректные остатки по филиалам' },
);

const categoryField = z.preprocess(
  (v) => toNumberOrNull(v) ?? undefined,
  z.number({ error: PRODUCT_MESSAGES.category }).int(PRODUCT_MESSAGES.category).min(1, PRODUCT_MESSAGES.category),
);

/** Empty means "generate from the name"; otherwise at least 2 characters of a-z, 0-9 and hyphens. */
const slugField = z
  .string({ error: PRODUCT_MESSAGES.slugFormat })
  .trim()
  .max(120, 'Slug не длиннее 120 символов')
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (value.length < 2) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.slug });
    else if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.slugFormat });
    else if (isIdLike(value)) ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.slugDigits });
  });

/**
 * 'DCK', 'P.I.T', a distributor's code from the price lists' suppliers (the server checks it is
 * one of the shop's), or none ('none', '' and null all mean "no supplier").
 */
const supplierField = z.preprocess(
  (v) => (v === 'none' || v === '' || v === undefined ? null : v),
  z.string({ error: PRODUCT_MESSAGES.supplier }).max(50, { error: PRODUCT_MESSAGES.supplier }).nullable(),
);

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ error: 'Введите текст' }).trim().max(max, `Не длиннее ${max} символов`),
  );

/** '' (no picture), a path on this site ('/uploads/…') or an http(s) address. */
const imageUrlField = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: PRODUCT_MESSAGES.imageUrl })
    .trim()
    .max(2000, 'Адрес изображения не длиннее 2000 символов')
    .refine((value) => value === '' || /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), PRODUCT_MESSAGES.imageUrl),
);

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'Некорректное значение' }));

/** Each field without its default, so a PATCH can send any subset. */
const productShape = {
  name: z.string({ error: PRODUCT_MESSAGES.name }).trim().min(2, PRODUCT_MESSAGES.name).max(200, 'Название не длиннее 200 символов'),
  slug: slugField,
  sku: z.string({ error: PRODUCT_MESSAGES.sku }).trim().min(2, PRODUCT_MESSAGES.sku).max(64, 'Артикул не длиннее 64 символов'),
  price: priceField,
  originalPrice: optionalMoney(PRODUCT_MESSAGES.originalPrice),
  /** Without `branchStock`, the head office's quantity (a plain «Остаток»). */
  stock: stockField,
  branchStock: branchStockField,
  categoryId: categoryField,
  supplier: supplierField,
  /** The maker customers see (DCK, P.I.T, …), apart from the supplier; '' is none. */
  brand: optionalText(100),
  tag: optionalText(40),
  imageUrl: imageUrlField,
  shortDescription: optionalText(500),
  description: optionalText(20_000),
  isActive: flag,
  isFeatured: flag,
  /** The product's characteristics as a whole (the form's «Характеристики»); not given: kept as they are. */
  attributes: ProductAttributeValuesField,
  /** Packed weight (kg) and size (cm); null: none of its own, the category's default stands in. */
  ...ParcelSizeFields,
};

/** Create (form, `POST /api/products`) and bulk import items. */
export const ProductSchema = z.object({
  ...productShape,
  slug: productShape.slug.optional().default(''),
  originalPrice: productShape.originalPrice.optional(),
  stock: productShape.stock.optional(),
  branchStock: productShape.branchStock.optional(),
  supplier: productShape.supplier.optional(),
  brand: productShape.brand.optional(),
  tag: productShape.tag.optional(),
  imageUrl: productShape.imageUrl.optional(),
  shortDescription: productShape.shortDescription.optional(),
  description: productShape.description.optional(),
  isActive: productShape.isActive.default(true),
  isFeatured: productShape.isFeatured.default(false),
  attributes: productShape.attributes.optional(),
  weightKg: productShape.weightKg.optional(),
  lengthCm: productShape.lengthCm.optional(),
  widthCm: productShape.widthCm.optional(),
  heightCm: productShape.heightCm.optional(),
});
export type ProductInput = z.input<typeof ProductSchema>;
export type ProductData = z.output<typeof ProductSchema>;

/** `PATCH /api/products/{id}`: any subset of the fields, e.g. `{ isActive }` for the list toggle. */
export const ProductPatchSchema = z.object(productShape).partial();
export type ProductPatch = z.output<typeof ProductPatchSchema>;

/**
 * A bulk import item (`POST /api/admin/products`): the create schema, but the flags and slug have
 * no defaults, so an item that updates an existing product (same SKU) changes only what it names.
 */
export const ProductImportSchema = ProductSchema.extend({
  slug: productShape.slug.optional(),
  isActive: productShape.isActive.optional(),
  isFeatured: productShape.isFeatured.optional(),
  categoryId: productShape.categoryId.optional(),
  /**
   * The supplier's own category. Without `categoryId` the catalogue adapter's rules choose the
   * shop category; a new product no rule places waits, hidden, in «Без категории».
   */
  supplierCategory: z
    .string({ error: 'Введите текст' })
    .trim()
    .min(1, PRODUCT_MESSAGES.supplierCategory)
    .max(300, 'Категория поставщика не длиннее 300 символов')
    .optional(),
}).superRefine(
  (item, ctx) => {
    if (item.categoryId === undefined && item.supplierCategory === undefined) {
      ctx.addIssue({ code: 'custom', path: ['categoryId'], message: PRODUCT_MESSAGES.category });
    }
  },
  alongsideFieldErrors,
);
export type ProductImportData = z.output<typeof ProductImportSchema>;

/** `PUT /api/admin/products/{id}/price-source`: whose offer sets the product's price. */
export const PriceSourceSchema = z.object({
  supplierId: z.coerce.number({ error: 'Выберите поставщика' }).int('Выберите поставщика').positive('Выберите поставщика'),
});
export type PriceSourceData = z.output<typeof PriceSourceSchema>;
