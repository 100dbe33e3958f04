import { leadingNumber } from './attributes.ts';

/**
 * A product's packed weight and size (issue 28, docs/decisions/037): kept as whole grams and
 * millimetres, typed and shown in kilograms and centimetres («2,4 кг», «30 × 20 × 10 см»), read
 * from what suppliers write («2400 г», «30x20x10 см», «30/20/10»). One reading for the product
 * form, the category form, 1C, price lists, YML and suppliers' pages.
 */

/** Kept as given; a null figure is "none": the category's default, then the shop's, stands in (delivery/parcels.ts). */
export type ParcelSize = { weightGrams: number | null; lengthMm: number | null; widthMm: number | null; heightMm: number | null };

export const NO_PARCEL_SIZE: ParcelSize = { weightGrams: null, lengthMm: null, widthMm: null, heightMm: null };

/** What a tool shop ships: a 1000 kg machine, a 5 m ladder; anything above is a typo (grams typed as kilograms). */
export const MAX_WEIGHT_KG = 1000;
export const MAX_SIDE_CM = 500;

export const kgToGrams = (kg: number) => Math.round(kg * 1000);
export const cmToMm = (cm: number) => Math.round(cm * 10);
export const gramsToKg = (grams: number | null) => (grams === null ? null : grams / 1000);
export const mmToCm = (mm: number | null) => (mm === null ? null : mm / 10);

/** A number as the shop writes it: a decimal comma, no trailing zeros («2,4», «30»). */
const decimal = (value: number) => String(Math.round(value * 1000) / 1000).replace('.', ',');

/** «2,4 кг»; under a kilogram in grams («350 г»). */
export function formatWeight(grams: number): string {
  return grams < 1000 ? `${grams} г` : `${decimal(grams / 1000)} кг`;
}

/** «30 × 20 × 10 см» (length × width × height). */
export function formatDimensions(lengthMm: number, widthMm: number, heightMm: number): string {
  return `${[lengthMm, widthMm, heightMm].map((mm) => decimal(mm / 10)).join(' × ')} см`;
}

export type SizeReading<T> = { value: T } | { error: string };

/** Units by their size in grams or millimetres (lower case, without dots). */
const WEIGHT_UNITS: Readonly<Record<string, number>> = { кг: 1000, kg: 1000, г: 1, гр: 1, g: 1, т: 1_000_000 };
const LENGTH_UNITS: Readonly<Record<string, number>> = { мм: 1, mm: 1, см: 10, cm: 10, м: 1000, m: 1000 };

export type WeightUnit = 'кг' | 'г';
export type LengthUnit = 'см' | 'мм' | 'м';

/** An empty cell, or a dash for «none». */
const isNone = (text: string) => /^[-—–]?$/.test(text);

const unitOf = (text: string) => text.toLowerCase().replace(/[.\s]/g, '');

/** The unit a header names («Вес, г», «Длина (мм)»), else null: the cells' own unit or the default is read. */
export function unitInHeader<U extends string>(header: string, units: readonly U[]): U | null {
  const words = header.toLowerCase().split(/[^\p{L}]+/u);
  return units.find((unit) => words.includes(unit)) ?? null;
}

/** A number with an optional unit after it: «2,4», «2,4 кг», «2400 г»; the unit's scale, or null when none is written. */
function numberWithUnit(text: string, units: Readonly<Record<string, number>>): { number: number; scale: number | null } | null {
  const read = leadingNumber(text);
  if (!read) return null;
  if (read.rest === '') return { number: read.number, scale: null };
  const scale = units[unitOf(read.rest)];
  return scale === undefined ? null : { number: read.number, scale };
}

function checked(amount: number, limit: number, what: { name: string; tooBig: string; original: string }): SizeReading<number> {
  if (amount < 0) return { error: `${what.name} не может быть отрицательным: «${what.original}»` };
  const whole = Math.round(amount);
  if (whole < 1) return { error: `${what.name} должен быть больше нуля: «${what.original}»` };
  if (whole > limit) return { error: `${what.tooBig}: «${what.original}»` };
  return { value: whole };
}

/** A weight in grams: «2,4» and «2,4 кг» (kilograms unless `unit` or the text says otherwise), «2400 г»; empty is null. */
export function readWeightGrams(text: string, unit: WeightUnit = 'кг'): SizeReading<number | null> {
  const trimmed = text.trim();
  if (isNone(trimmed)) return { value: null };
  const read = numberWithUnit(trimmed, WEIGHT_UNITS);
  if (!read) return { error: `Не удалось прочитать вес «${trimmed}»: напишите, например, «2,4 кг» или «2400 г»` };
  return checked(read.number * (read.scale ?? WEIGHT_UNITS[unit]!), kgToGrams(MAX_WEIGHT_KG), {
    name: 'Вес',
    tooBig: `Слишком большой вес: не больше ${MAX_WEIGHT_KG} кг`,
    original: trimmed,
  });
}

const sideCheck = (mm: number, original: string) =>
  checked(mm, cmToMm(MAX_SIDE_CM), { name: 'Размер', tooBig: `Слишком большой размер: не больше ${MAX_SIDE_CM} см`, original });

/** One side in millimetres: «30», «30 см» (centimetres unless `unit` or the text says otherwise), «300 мм»; empty is null. */
export function readSideMm(text: string, unit: LengthUnit = 'см'): SizeReading<number | null> {
  const trimmed = text.trim();
  if (isNone(trimmed)) return { value: null };
  const read = numberWithUnit(trimmed, LENGTH_UNITS);
  if (!read) return { error: `Не удалось прочитать размер «${trimmed}»: напишите, например, «30 см»` };
  return sideCheck(read.number * (read.scale ?? LENGTH_UNITS[unit]!), trimmed);
}

/** Length, width and height in millimetres. */
export type Dimensions = { lengthMm: number; widthMm: number; heightMm: number };

/**
 * «30x20x10», «30 × 20 × 10 см», «30*20*10», «30/20/10» (YML's `dimensions`), «300х200х100 мм»:
 * length, width and height, in centimetres unless `unit` or the text says otherwise; empty is null.
 */
export function readDimensionsMm(text: string, unit: LengthUnit = 'см'): SizeReading<Dimensions | null> {
  const trimmed = text.trim();
  if (isNone(trimmed)) return { value: null };
  const unreadable = { error: `Не удалось прочитать габариты «${trimmed}»: напишите длину, ширину и высоту, например «30×20×10 см»` };
  const match = /^(.+?)\s*(мм|см|м|mm|cm|m)\.?$/i.exec(trimmed);
  const scale = match ? LENGTH_UNITS[unitOf(match[2]!)]! : LENGTH_UNITS[unit]!;
  const sides = (match ? match[1]! : trimmed).split(/\s*[xх×*/]\s*/i);
  if (sides.length !== 3) return unreadable;
  const mm: number[] = [];
  for (const side of sides) {
    const read = leadingNumber(side);
    if (!read || read.rest !== '') return unreadable;
    const checkedSide = sideCheck(read.number * scale, trimmed);
    if ('error' in checkedSide) return checkedSide;
    mm.push(checkedSide.value);
  }
  return { value: { lengthMm: mm[0]!, widthMm: mm[1]!, heightMm: mm[2]! } };
}
