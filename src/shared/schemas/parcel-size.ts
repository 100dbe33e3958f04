import { MAX_SIDE_CM, MAX_WEIGHT_KG, cmToMm, kgToGrams } from '../parcel-size.ts';
import { toNumberOrNull, z } from './z.ts';

/**
 * Weight in kilograms and sides in centimetres as the product and category forms send them
 * («2,4» or 2.4; '' or null: none). Kept as whole grams and millimetres, so a figure that rounds to
 * nothing is refused too.
 */

export const PARCEL_SIZE_MESSAGES = {
  weight: 'Вес должен быть больше нуля',
  weightNumber: 'Введите вес числом, например 2,4',
  weightSmall: 'Вес не меньше 0,001 кг (1 г)',
  weightLarge: `Вес не больше ${MAX_WEIGHT_KG} кг`,
} as const;

const weightField = z.preprocess(
  toNumberOrNull,
  z
    .number({ error: PARCEL_SIZE_MESSAGES.weightNumber })
    .positive(PARCEL_SIZE_MESSAGES.weight)
    .max(MAX_WEIGHT_KG, PARCEL_SIZE_MESSAGES.weightLarge)
    .refine((kg) => kg <= 0 || kgToGrams(kg) >= 1, PARCEL_SIZE_MESSAGES.weightSmall)
    .nullable(),
);

/** One side, «Длина»/«Ширина»/«Высота», with messages that name it (a negative one is told once: not positive). */
const sideField = (name: string, accusative: string) =>
  z.preprocess(
    toNumberOrNull,
    z
      .number({ error: `Введите ${accusative} числом в сантиметрах, например 30` })
      .positive(`${name} должна быть больше нуля`)
      .max(MAX_SIDE_CM, `${name} не больше ${MAX_SIDE_CM} см`)
      .refine((cm) => cm <= 0 || cmToMm(cm) >= 1, `${name} не меньше 0,1 см (1 мм)`)
      .nullable(),
  );

/** The product's own figures. */
export const ParcelSizeFields = {
  weightKg: weightField,
  lengthCm: sideField('Длина', 'длину'),
  widthCm: sideField('Ширина', 'ширину'),
  heightCm: sideField('Высота', 'высоту'),
};

/** A category's defaults for its products without figures of their own. */
export const CategoryParcelFields = {
  defaultWeightKg: weightField,
  defaultLengthCm: sideField('Длина', 'длину'),
  defaultWidthCm: sideField('Ширина', 'ширину'),
  defaultHeightCm: sideField('Высота', 'высоту'),
};
