/**
 * The benchmark catalogue's characteristics (`npm run bench:catalog`, docs/decisions/034): 30
 * attributes such as a tools shop has, a dozen of them filters of each category, and values for
 * about two thirds of them on every product (the script writes them through the catalogue's door,
 * which the database layer does not import). Deterministic: the same seed gives the same values. Not demo data: the demo catalogue's characteristics are
 * written by hand (demo-attributes.ts).
 */
import { sql } from 'drizzle-orm';
import { formatAttributeNumber, NO, YES, type AttributeKind } from '#shared/attributes.ts';
import { rowsOf, type Db } from '../connection.ts';
import { attributes, categoryAttributes } from '../schema.ts';
import { mulberry32, type Rng } from './catalog-data.ts';

type BenchAttribute = {
  slug: string;
  name: string;
  unit: string | null;
  kind: AttributeKind;
  group: string;
  /** A value for one product. */
  value: (r: Rng) => string | number;
};

const oneOf =
  <T>(...options: T[]) =>
  (r: Rng) =>
    options[Math.floor(r() * options.length)]!;
const between = (min: number, max: number, step: number) => (r: Rng) => min + step * Math.floor(r() * ((max - min) / step + 1));
const yes = (share: number) => (r: Rng) => (r() < share ? YES : NO);

export const BENCH_ATTRIBUTES: BenchAttribute[] = [
  { slug: 'moshchnost', name: 'Мощность', unit: 'Вт', kind: 'number', group: 'Основные', value: between(400, 2400, 50) },
  { slug: 'napryazhenie', name: 'Напряжение', unit: 'В', kind: 'number', group: 'Питание', value: oneOf(12, 14.4, 18, 20, 36, 220) },
  { slug: 'patron', name: 'Патрон', unit: null, kind: 'text', group: 'Основные', value: oneOf('SDS-plus', 'SDS-max', 'Быстрозажимной', 'Ключевой', 'Шестигранник 1/4"') },
  { slug: 'ves', name: 'Вес', unit: 'кг', kind: 'number', group: 'Габариты', value: between(0.8, 9, 0.1) },
  { slug: 'tip-pitaniya', name: 'Тип питания', unit: null, kind: 'text', group: 'Питание', value: oneOf('Сеть', 'Аккумулятор') },
  { slug: 'akkumulyatornaya-platforma', name: 'Аккумуляторная платформа', unit: null, kind: 'text', group: 'Питание', value: oneOf('DCK 20V', 'P.I.T OnePower', 'DCK 12V', 'Без платформы') },
  { slug: 'emkost-akkumulyatora', name: 'Ёмкость аккумулятора', unit: 'А·ч', kind: 'number', group: 'Питание', value: oneOf(1.5, 2, 2.5, 4, 5, 6) },
  { slug: 'tip-akkumulyatora', name: 'Тип аккумулятора', unit: null, kind: 'text', group: 'Питание', value: oneOf('Li-Ion', 'Ni-Cd', 'Ni-MH') },
  { slug: 'chastota-vrashcheniya', name: 'Частота вращения', unit: 'об/мин', kind: 'number', group: 'Основные', value: between(500, 12000, 100) },
  { slug: 'chastota-udarov', name: 'Частота ударов', unit: 'уд/мин', kind: 'number', group: 'Основные', value: between(3000, 48000, 500) },
  { slug: 'energiya-udara', name: 'Энергия удара', unit: 'Дж', kind: 'number', group: 'Основные', value: between(1, 12, 0.5) },
  { slug: 'krutyashchiy-moment', name: 'Крутящий момент', unit: 'Н·м', kind: 'number', group: 'Основные', value: between(20, 300, 5) },
  { slug: 'diametr-diska', name: 'Диаметр диска', unit: 'мм', kind: 'number', group: 'Основные', value: oneOf(115, 125, 150, 180, 230) },
  { slug: 'sverlenie-beton', name: 'Наибольший диаметр сверления в бетоне', unit: 'мм', kind: 'number', group: 'Основные', value: between(16, 40, 2) },
  { slug: 'sverlenie-derevo', name: 'Наибольший диаметр сверления в дереве', unit: 'мм', kind: 'number', group: 'Основные', value: between(20, 65, 5) },
  { slug: 'glubina-propila', name: 'Глубина пропила', unit: 'мм', kind: 'number', group: 'Основные', value: between(40, 120, 5) },
  { slug: 'dlina-kabelya', name: 'Длина кабеля', unit: 'м', kind: 'number', group: 'Питание', value: oneOf(2, 2.5, 3, 4, 5) },
  { slug: 'uroven-shuma', name: 'Уровень шума', unit: 'дБ', kind: 'number', group: 'Прочее', value: between(78, 106, 1) },
  { slug: 'garantiya', name: 'Гарантия', unit: 'мес.', kind: 'number', group: 'Прочее', value: oneOf(12, 24, 36) },
  { slug: 'rezhimy', name: 'Режимы работы', unit: null, kind: 'text', group: 'Основные', value: oneOf('Сверление', 'Сверление с ударом', 'Долбление', 'Сверление, удар, долбление') },
  { slug: 'tip-dvigatelya', name: 'Тип двигателя', unit: null, kind: 'text', group: 'Основные', value: oneOf('Коллекторный', 'Бесщёточный') },
  { slug: 'komplektaciya', name: 'Комплектация', unit: null, kind: 'text', group: 'Комплектация', value: oneOf('В коробке', 'В кейсе', 'Без АКБ и ЗУ', 'С двумя АКБ') },
  { slug: 'strana', name: 'Страна производства', unit: null, kind: 'text', group: 'Прочее', value: oneOf('Китай', 'Россия', 'Вьетнам', 'Малайзия') },
  { slug: 'revers', name: 'Реверс', unit: null, kind: 'boolean', group: 'Функции', value: yes(0.7) },
  { slug: 'regulirovka-oborotov', name: 'Регулировка оборотов', unit: null, kind: 'boolean', group: 'Функции', value: yes(0.6) },
  { slug: 'podsvetka', name: 'Подсветка', unit: null, kind: 'boolean', group: 'Функции', value: yes(0.4) },
  { slug: 'plavnyy-pusk', name: 'Плавный пуск', unit: null, kind: 'boolean', group: 'Функции', value: yes(0.3) },
  { slug: 'antivibraciya', name: 'Антивибрационная система', unit: null, kind: 'boolean', group: 'Функции', value: yes(0.25) },
  { slug: 'keys', name: 'Кейс в комплекте', unit: null, kind: 'boolean', group: 'Комплектация', value: yes(0.5) },
  { slug: 'zashchita-ot-peregruzki', name: 'Защита от перегрузки', unit: null, kind: 'boolean', group: 'Функции', value: yes(0.45) },
];

/** Fisher–Yates with the seeded generator. */
function shuffled<T>(list: T[], r: Rng): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** Filters per category: the first four are every category's, the rest chosen per category. */
const FILTERS_PER_CATEGORY = 12;
/** The share of attributes a product has a value of. */
const VALUE_SHARE = 0.65;

/** A product's value as the catalogue's door takes it (products/write/attributes.ts). */
export type BenchValue = { attributeId: number; value: string; number: number | null };

/**
 * Replaces the bench database's attributes with BENCH_ATTRIBUTES and makes a dozen of them each
 * category's filters; returns their ids in the order of BENCH_ATTRIBUTES.
 */
export async function insertBenchAttributes(db: Db, seed: number): Promise<number[]> {
  const r = mulberry32(seed * 7919);
  await db.execute(sql`truncate attributes cascade`);
  const made = await db
    .insert(attributes)
    .values(BENCH_ATTRIBUTES.map((a, i) => ({ slug: a.slug, name: a.name, unit: a.unit, kind: a.kind, groupName: a.group, sortOrder: i })))
    .returning({ id: attributes.id, slug: attributes.slug });
  const idOf = new Map(made.map((a) => [a.slug, a.id]));
  const attributeIds = BENCH_ATTRIBUTES.map((a) => idOf.get(a.slug)!);
  const categoryIds = rowsOf<{ id: number }>(await db.execute(sql`select id from categories order by id`)).map((c) => c.id);
  const filters = categoryIds.flatMap((categoryId) => {
    const rest = shuffled(attributeIds.slice(4), r);
    return [...attributeIds.slice(0, 4), ...rest.slice(0, FILTERS_PER_CATEGORY - 4)].map((attributeId, position) => ({ categoryId, attributeId, position }));
  });
  await db.insert(categoryAttributes).values(filters);
  return attributeIds;
}

/** The products' values, `batch` products at a time (each product's list may be empty). */
export function* benchAttributeValues(productIds: number[], attributeIds: number[], seed: number, batch = 5000): Generator<Map<number, BenchValue[]>> {
  const r = mulberry32(seed * 104729);
  for (let i = 0; i < productIds.length; i += batch) {
    const values = new Map<number, BenchValue[]>();
    for (const productId of productIds.slice(i, i + batch)) {
      const own: BenchValue[] = [];
      BENCH_ATTRIBUTES.forEach((attribute, a) => {
        if (r() >= VALUE_SHARE) return;
        const value = attribute.value(r);
        own.push(
          typeof value === 'number'
            ? { attributeId: attributeIds[a]!, value: formatAttributeNumber(value), number: Math.round(value * 1000) / 1000 }
            : { attributeId: attributeIds[a]!, value, number: null },
        );
      });
      values.set(productId, own);
    }
    yield values;
  }
}
