import { CATEGORY_ICONS, DEFAULT_CATEGORY_ICON } from '../category-icons.ts';
import { isIdLike } from '../slug.ts';
import { CategoryParcelFields } from './parcel-size.ts';
import { requiredText, z } from './z.ts';

/** The category form of spec 5: `POST /api/categories` and `PATCH /api/categories/{id}`. */
export const CATEGORY_MESSAGES = {
  name: 'Название категории обязательно',
  slug: 'Slug обязателен',
  slugFormat: 'Только строчные буквы, цифры и дефисы',
  slugDigits: 'Slug не может состоять только из цифр',
  icon: 'Выберите значок из списка',
} as const;

const categoryShape = {
  name: requiredText(CATEGORY_MESSAGES.name).pipe(z.string().max(100, 'Название не длиннее 100 символов')),
  slug: requiredText(CATEGORY_MESSAGES.slug)
    .pipe(z.string().max(100, 'Slug не длиннее 100 символов'))
    .pipe(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CATEGORY_MESSAGES.slugFormat))
    .refine((value) => !isIdLike(value), CATEGORY_MESSAGES.slugDigits),
  description: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string().trim().max(2000, 'Описание не длиннее 2000 символов'),
  ),
  icon: z.enum(CATEGORY_ICONS, { error: CATEGORY_MESSAGES.icon }),
  /** Weight (kg) and size (cm) of its products that have none of their own; null: the shop's defaults. */
  ...CategoryParcelFields,
};

export const CategorySchema = z.object({
  ...categoryShape,
  description: categoryShape.description.optional().default(''),
  icon: categoryShape.icon.default(DEFAULT_CATEGORY_ICON),
  defaultWeightKg: categoryShape.defaultWeightKg.optional(),
  defaultLengthCm: categoryShape.defaultLengthCm.optional(),
  defaultWidthCm: categoryShape.defaultWidthCm.optional(),
  defaultHeightCm: categoryShape.defaultHeightCm.optional(),
});
export type CategoryInput = z.input<typeof CategorySchema>;
export type CategoryData = z.output<typeof CategorySchema>;

export const CategoryPatchSchema = z.object(categoryShape).partial();
export type CategoryPatch = z.output<typeof CategoryPatchSchema>;
