import { ATTRIBUTE_KINDS, ATTRIBUTE_VALUE_MAX, DEFAULT_ATTRIBUTE_GROUP, attributeAliasOf, parseAttributeValue, type AttributeKind } from '../attributes.ts';
import { isIdLike } from '../slug.ts';
import { requiredText, z } from './z.ts';

/**
 * The back office's characteristics (docs/decisions/034): the «Характеристики» screen's form
 * (`POST /api/admin/attributes`, `PATCH /api/admin/attributes/{id}`), the merge, a category's
 * filters and the product form's values.
 */

export const ATTRIBUTE_MESSAGES = {
  name: 'Введите название характеристики',
  slugFormat: 'Только строчные буквы, цифры и дефисы',
  slugDigits: 'Slug не может состоять только из цифр',
  slugTaken: 'Такой slug уже используется',
  kind: 'Выберите вид: число, текст или да / нет',
  alias: 'Введите написание поставщика',
  attribute: 'Выберите характеристику',
  mergeSelf: 'Выберите другую характеристику',
  number: 'Введите число',
  boolean: 'Выберите «Да» или «Нет»',
  value: 'Введите значение',
  valueTooLong: `Не длиннее ${ATTRIBUTE_VALUE_MAX} символов`,
  notFound: 'Характеристика не найдена',
} as const;

const attributeShape = {
  name: requiredText(ATTRIBUTE_MESSAGES.name).pipe(z.string().max(100, 'Название не длиннее 100 символов')),
  /** Empty: made from the name. */
  slug: z
    .string({ error: ATTRIBUTE_MESSAGES.slugFormat })
    .trim()
    .max(100, 'Slug не длиннее 100 символов')
    .superRefine((value, ctx) => {
      if (value === '') return;
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)) ctx.addIssue({ code: 'custom', message: ATTRIBUTE_MESSAGES.slugFormat });
      else if (isIdLike(value)) ctx.addIssue({ code: 'custom', message: ATTRIBUTE_MESSAGES.slugDigits });
    }),
  /** As shown after a value («Вт»); empty: none. */
  unit: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'Введите текст' }).trim().max(20, 'Единица не длиннее 20 символов')),
  kind: z.enum(ATTRIBUTE_KINDS, { error: ATTRIBUTE_MESSAGES.kind }),
  /** The «Характеристики» table's heading; empty: «Основные». */
  group: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ error: 'Введите текст' }).trim().max(60, 'Группа не длиннее 60 символов').transform((v) => v || DEFAULT_ATTRIBUTE_GROUP),
  ),
  sortOrder: z.coerce.number({ error: 'Введите число' }).int('Введите целое число').min(-100_000, 'Введите число от −100 000 до 100 000').max(100_000, 'Введите число от −100 000 до 100 000'),
  /** Suppliers' spellings mapped to the attribute («Потребляемая мощность, Вт»); its own name always is one. */
  aliases: z.array(requiredText(ATTRIBUTE_MESSAGES.alias).pipe(z.string().max(200, 'Написание не длиннее 200 символов')), { error: 'Некорректный список написаний' }).max(100, 'Не больше 100 написаний'),
};

export const AttributeSchema = z.object({
  ...attributeShape,
  slug: attributeShape.slug.optional().default(''),
  unit: attributeShape.unit.optional().default(''),
  group: attributeShape.group.optional().default(DEFAULT_ATTRIBUTE_GROUP),
  sortOrder: attributeShape.sortOrder.optional().default(0),
  aliases: attributeShape.aliases.optional().default([]),
});
export type AttributeInput = z.input<typeof AttributeSchema>;
export type AttributeData = z.output<typeof AttributeSchema>;

export const AttributePatchSchema = z.object(attributeShape).partial();
export type AttributePatch = z.output<typeof AttributePatchSchema>;

const attributeId = z.coerce.number({ error: ATTRIBUTE_MESSAGES.attribute }).int(ATTRIBUTE_MESSAGES.attribute).positive(ATTRIBUTE_MESSAGES.attribute);

/** `POST /api/admin/attributes/{id}/merge`: the other attribute, merged into this one. */
export const AttributeMergeSchema = z.object({ fromId: attributeId });

/** `PUT /api/admin/categories/{id}/attributes`: the attributes the category filters by, in order. */
export const CategoryAttributesSchema = z.object({
  attributeIds: z.array(attributeId, { error: 'Некорректный список характеристик' }).max(30, 'Не больше 30 фильтров'),
});
export type CategoryAttributesData = z.output<typeof CategoryAttributesSchema>;

/** One value of the product form: the attribute and the value as typed («1 100», «да», «SDS-plus»). */
export const ProductAttributeValuesField = z
  .array(
    z.object({
      attributeId,
      value: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: ATTRIBUTE_MESSAGES.value }).trim().max(ATTRIBUTE_VALUE_MAX, ATTRIBUTE_MESSAGES.valueTooLong)),
    }),
    { error: 'Некорректный список характеристик' },
  )
  .max(200, 'Не больше 200 характеристик');
export type ProductAttributeValueInput = z.output<typeof ProductAttributeValuesField>[number];

/** What a value of the kind must look like, said when it does not («Введите число»). */
export function attributeValueError(kind: AttributeKind, raw: string): string | null {
  if (raw.trim() === '') return ATTRIBUTE_MESSAGES.value;
  if (parseAttributeValue(kind, raw)) return null;
  return kind === 'number' ? ATTRIBUTE_MESSAGES.number : kind === 'boolean' ? ATTRIBUTE_MESSAGES.boolean : ATTRIBUTE_MESSAGES.valueTooLong;
}

/** The spellings of a form, as kept: each once, the attribute's own name first. */
export function aliasesOf(name: string, spellings: readonly string[]): string[] {
  return [...new Set([name, ...spellings].map(attributeAliasOf).filter(Boolean))];
}

/** An attribute as the «Характеристики» screen lists it (`GET /api/admin/attributes`). */
export type AdminAttribute = {
  id: number;
  slug: string;
  name: string;
  unit: string | null;
  kind: AttributeKind;
  group: string;
  sortOrder: number;
  /** Suppliers' spellings as kept (lower case, without the unit), the name's own among them. */
  aliases: string[];
  /** Products with a value of it. */
  productCount: number;
  /** Categories filtering by it. */
  categoryCount: number;
};

/** A category's filter as `GET /api/admin/categories/{id}/attributes` lists it, in order. */
export type CategoryFilter = Pick<AdminAttribute, 'id' | 'slug' | 'name' | 'unit' | 'kind' | 'group'>;
