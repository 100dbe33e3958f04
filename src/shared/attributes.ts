/**
 * Characteristics as data (docs/decisions/034): the kinds, how a supplier's name of an attribute
 * is matched to the shop's («Потребляемая мощность, Вт» → alias «потребляемая мощность», unit «Вт»),
 * and how a value as written becomes the value kept («1 100» → 1100; «есть» → «Да»).
 */

export const ATTRIBUTE_KINDS = ['number', 'text', 'boolean'] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

export const ATTRIBUTE_KIND_LABELS: Record<AttributeKind, string> = { number: 'Число', text: 'Текст', boolean: 'Да / нет' };

/** The default group of the «Характеристики» table. */
export const DEFAULT_ATTRIBUTE_GROUP = 'Основные';

export const YES = 'Да';
export const NO = 'Нет';

/** Longest value kept; longer ones are descriptions, not characteristics. */
export const ATTRIBUTE_VALUE_MAX = 200;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A supplier's attribute name split into the name and the unit it carries:
 * «Мощность, Вт» and «Мощность (Вт)» → { name: «Мощность», unit: «Вт» }.
 */
export function splitAttributeName(raw: string): { name: string; unit: string | null } {
  const text = collapse(raw).replace(/[:]+$/, '');
  const inBrackets = /^(.*\S)\s*\(([^()]{1,12})\)$/.exec(text);
  if (inBrackets) return { name: inBrackets[1]!, unit: inBrackets[2]!.trim() };
  const afterComma = /^(.*\S)\s*,\s*([^,\d]{1,12})$/.exec(text);
  if (afterComma) return { name: afterComma[1]!, unit: afterComma[2]!.trim() };
  return { name: text, unit: null };
}

/** The key an attribute's spelling is matched by: lower case, «ё» as «е», spaces single, no unit. */
export function attributeAliasOf(raw: string): string {
  return splitAttributeName(raw).name.toLowerCase().replace(/ё/g, 'е');
}

const YES_WORDS = new Set(['да', 'есть', 'yes', 'true', '1', '+', 'имеется', 'присутствует']);
const NO_WORDS = new Set(['нет', 'no', 'false', '0', '-', '—', 'отсутствует']);

/** A number as written in Russian or English: «1 100», «1100», «2,5», «2.5»; null for anything else at the start. */
export function leadingNumber(raw: string): { number: number; rest: string } | null {
  const match = /^\s*(-?\d{1,3}(?:[ \u00a0\u202f]\d{3})+|-?\d+)(?:[.,](\d+))?/.exec(raw);
  if (!match) return null;
  const number = Number(`${match[1]!.replace(/[ \u00a0\u202f]/g, '')}${match[2] ? `.${match[2]}` : ''}`);
  return Number.isFinite(number) ? { number, rest: raw.slice(match[0].length).trim() } : null;
}

/** A number as the shop writes it: «2,5», «1100». */
export function formatAttributeNumber(number: number): string {
  return String(Math.round(number * 1000) / 1000).replace('.', ',');
}

/**
 * Units of one quantity by their size in the smallest (lower case, without dots and spaces): a
 * number given in one of them is kept in its attribute's, so «1,5 кВт» of a «Мощность» in «Вт»
 * is 1500 and «500» spelled «Вес, г» is 0,5 of a «Вес» in «кг».
 */
const UNIT_SCALES: Readonly<Record<string, number>>[] = [
  { вт: 1, квт: 1000 },
  { г: 1, кг: 1000 },
  { мм: 1, см: 10, м: 1000 },
  { мач: 1, ач: 1000 },
  { мл: 1, л: 1000 },
];

const unitKey = (unit: string) => unit.toLowerCase().replace(/[\s.·*]/g, '');

/** `number` given in `from` as a number in `to` when both are units of one quantity; else as given. */
function inUnit(number: number, from: string | null, to: string | null): number {
  if (!from || !to) return number;
  const [a, b] = [unitKey(from), unitKey(to)];
  const scale = UNIT_SCALES.find((units) => Object.hasOwn(units, a) && Object.hasOwn(units, b));
  // 12 significant digits: 1,1 кВт is 1100 Вт, not 1100.0000000000002.
  return scale ? Number(((number * scale[a]!) / scale[b]!).toPrecision(12)) : number;
}

/**
 * The units a number is read with: its attribute's (`attribute`), and the one its source names
 * when the value itself names none (a spelling «Вес, г», YML's `unit`).
 */
export type ValueUnits = { attribute: string | null; source?: string | null };

/**
 * The value kept for a value as written, or null when it is not one of the kind:
 * a number («1 100 Вт» → 1100, unit «Вт» in `unit`; in the attribute's unit when `units` are
 * given), yes/no («есть» → «Да»), text (spaces single).
 */
export function parseAttributeValue(kind: AttributeKind, raw: string, units?: ValueUnits): { value: string; number: number | null; unit: string | null } | null {
  const text = collapse(raw);
  if (!text || text.length > ATTRIBUTE_VALUE_MAX) return null;
  if (kind === 'number') {
    const parsed = leadingNumber(text);
    if (!parsed) return null;
    const unit = parsed.rest || null;
    const number = units ? inUnit(parsed.number, unit ?? units.source ?? null, units.attribute) : parsed.number;
    return { value: formatAttributeNumber(number), number, unit };
  }
  if (kind === 'boolean') {
    const word = text.toLowerCase();
    if (YES_WORDS.has(word)) return { value: YES, number: null, unit: null };
    if (NO_WORDS.has(word)) return { value: NO, number: null, unit: null };
    return null;
  }
  return { value: text, number: null, unit: null };
}

/** The kind the values of a new attribute suggest: all yes/no words, all numbers, else text. */
export function inferAttributeKind(values: string[]): AttributeKind {
  const given = values.map(collapse).filter(Boolean);
  if (given.length === 0) return 'text';
  // «18 В» is a number with its unit; «SDS-plus» or «2 скорости, реверс» are not. Numbers first:
  // a count of 1 is not a «yes».
  if (given.every((v) => { const n = leadingNumber(v); return n !== null && !/\d/.test(n.rest) && n.rest.length <= 6; })) return 'number';
  if (given.every((v) => parseAttributeValue('boolean', v))) return 'boolean';
  return 'text';
}
