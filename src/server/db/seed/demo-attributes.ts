import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connection.ts';
import { attributes, categoryAttributes, products } from '#server/db/schema.ts';
import { resolveAttributes } from '#server/modules/attributes/resolve.ts';
import { replaceProductAttributes, type AttributeValueInput } from '#server/modules/products/write/attributes.ts';
import { attributeAliasOf, parseAttributeValue, type AttributeKind } from '#shared/attributes.ts';
import { demoItemsBySku, kitLabel, platform, type DemoItem, type Kind } from './catalog-data.ts';

/**
 * The demo catalogue's characteristics (docs/decisions/034), so that a newcomer's first start
 * shows working filters. Every value is read from the same spec that writes the product's name
 * and description (catalog-data.ts), so «Перфоратор … 800 Вт» has «Мощность» 800 and a value the
 * description does not state is left out rather than made up.
 */

const MAIN = 'Основные';
const POWER = 'Питание';
const KIT = 'Комплектация';
const SIZE = 'Габариты и вес';

type Definition = { name: string; unit: string | null; kind: AttributeKind; group: string };

const num = (name: string, unit: string | null, group = MAIN): Definition => ({ name, unit, kind: 'number', group });
const text = (name: string, group = MAIN): Definition => ({ name, unit: null, kind: 'text', group });
const yesNo = (name: string, group = MAIN): Definition => ({ name, unit: null, kind: 'boolean', group });

/** The demo's attributes in the order of the «Характеристики» table (their sortOrder). */
export const DEMO_ATTRIBUTES = {
  type: text('Тип'),
  power: num('Мощность', 'Вт'),
  engineVolume: num('Объём двигателя', 'см³'),
  enginePower: num('Мощность двигателя', 'л.с.'),
  energy: num('Энергия удара', 'Дж'),
  chuck: text('Патрон'),
  concreteHole: num('Диаметр сверления в бетоне', 'мм'),
  blowRate: num('Частота ударов', 'уд/мин'),
  torque: num('Крутящий момент', 'Н·м'),
  square: text('Посадочный квадрат'),
  chuckSize: num('Диаметр патрона', 'мм'),
  speed: num('Частота вращения', 'об/мин'),
  strokes: num('Частота ходов', 'ход/мин'),
  oscillations: num('Частота колебаний', 'кол/мин'),
  beltSpeed: num('Скорость ленты', 'м/мин'),
  airSpeed: num('Скорость потока воздуха', 'м/с'),
  temperature: num('Температура', '°C'),
  speeds: num('Число скоростей', null),
  disc: num('Диаметр диска', 'мм'),
  pad: num('Диаметр подошвы', 'мм'),
  padSize: text('Размер подошвы'),
  beltSize: text('Размер ленты'),
  cutDepth: num('Глубина пропила', 'мм'),
  woodCut: num('Глубина реза по дереву', 'мм'),
  cutWidth: num('Ширина реза', 'мм'),
  stroke: num('Ход пилки', 'мм'),
  paddle: num('Диаметр насадки', 'мм'),
  glueStick: num('Диаметр стержня', 'мм'),
  glueOutput: num('Производительность', 'г/мин'),
  pipes: text('Диаметр труб'),
  mowWidth: num('Ширина скашивания', 'см'),
  bar: num('Длина шины', 'см'),
  blade: num('Длина ножа', 'мм'),
  branches: num('Толщина веток', 'мм'),
  grassBox: num('Объём травосборника', 'л'),
  lawnArea: num('Площадь газона', 'сот.'),
  lines: num('Число линий', null),
  beam: text('Цвет луча'),
  range: num('Дальность измерения', 'м'),
  height: num('Максимальная высота', 'м'),
  protection: text('Степень защиты'),
  tapeLength: num('Длина полотна', 'м'),
  tapeWidth: num('Ширина полотна', 'мм'),
  pieces: num('Количество предметов', 'шт.'),
  tools: num('Инструментов в наборе', 'шт.'),
  drive: text('Присоединительный квадрат'),
  sizes: text('Размеры ключей'),
  impact: yesNo('Ударный режим'),
  reverse: yesNo('Реверс'),
  pendulum: yesNo('Маятниковый ход'),
  slide: yesNo('Протяжка'),
  speedControl: yesNo('Регулировка оборотов'),
  softStart: yesNo('Плавный пуск'),
  display: yesNo('ЖК-дисплей'),
  vacuum: yesNo('Функция пылесоса'),
  selfPropelled: yesNo('Самоходная'),
  magnetic: yesNo('Магнит'),
  insulated: yesNo('Диэлектрический'),
  brushless: yesNo('Бесщёточный двигатель'),
  supply: text('Тип питания', POWER),
  voltage: num('Напряжение', 'В', POWER),
  platform: text('Аккумуляторная платформа', POWER),
  capacity: num('Ёмкость аккумулятора', 'Ач', POWER),
  chargeCurrent: num('Зарядный ток', 'А', POWER),
  fastCharge: yesNo('Быстрая зарядка', POWER),
  kit: text('Комплектация', KIT),
  batteries: num('Аккумуляторов в комплекте', 'шт.', KIT),
  caseIncluded: yesNo('Кейс в комплекте', KIT),
  length: num('Длина', 'мм', SIZE),
  weight: num('Вес', 'кг', SIZE),
} as const satisfies Record<string, Definition>;

export type DemoAttributeKey = keyof typeof DEMO_ATTRIBUTES;
type Values = Partial<Record<DemoAttributeKey, number | string | boolean>>;

/** What each demo category filters by, in order (slugs from catalog-data.ts's categories). */
export const DEMO_CATEGORY_FILTERS: Record<string, DemoAttributeKey[]> = {
  perforatory: ['supply', 'chuck', 'power', 'energy', 'platform', 'weight'],
  'dreli-shurupoverty': ['type', 'supply', 'voltage', 'torque', 'brushless', 'kit'],
  'uglovye-shlifmashiny': ['disc', 'supply', 'power', 'speedControl', 'softStart', 'weight'],
  'pily-i-lobziki': ['type', 'supply', 'power', 'disc', 'platform'],
  'gaykoverty-i-vintoverty': ['type', 'supply', 'torque', 'square', 'brushless'],
  'shlifovalnye-mashiny': ['type', 'supply', 'power', 'weight'],
  'feny-i-termoinstrument': ['type', 'supply', 'power', 'temperature'],
  'izmeritelnyy-instrument': ['type', 'range', 'lines', 'beam'],
  'akkumulyatory-i-zaryadnye-ustroystva': ['type', 'voltage', 'capacity', 'platform', 'chargeCurrent'],
  'ruchnoy-instrument': ['type', 'pieces', 'insulated'],
  'sadovaya-tehnika': ['type', 'supply', 'power', 'mowWidth', 'weight'],
};

/** Tools with a motor: they have a kind of power supply. */
const POWERED = new Set<Kind>([
  'perforator', 'demolition', 'drill-driver', 'drill', 'screwdriver-corded', 'mixer', 'grinder', 'circular-saw', 'jigsaw',
  'recip-saw', 'miter-saw', 'cutoff-saw', 'impact-wrench', 'impact-driver', 'ratchet', 'sander-orbital', 'sander-sheet',
  'sander-belt', 'sander-delta', 'polisher', 'wall-sander', 'heat-gun', 'glue-gun', 'pipe-welder', 'trimmer', 'chainsaw',
  'hedge-trimmer', 'blower', 'lawn-mower',
]);

/** The «Тип» of a kind, as its name calls it; null where the kind names it from the spec. */
const TYPE: Partial<Record<Kind, string>> = {
  perforator: 'Перфоратор',
  demolition: 'Отбойный молоток',
  'screwdriver-corded': 'Шуруповёрт сетевой',
  mixer: 'Строительный миксер',
  combo: 'Набор аккумуляторного инструмента',
  grinder: 'Угловая шлифмашина',
  'circular-saw': 'Циркулярная пила',
  jigsaw: 'Лобзик',
  'recip-saw': 'Сабельная пила',
  'miter-saw': 'Торцовочная пила',
  'cutoff-saw': 'Монтажная пила',
  'impact-wrench': 'Гайковёрт ударный',
  'impact-driver': 'Винтовёрт ударный',
  ratchet: 'Угловой гайковёрт (трещотка)',
  'sander-orbital': 'Эксцентриковая шлифмашина',
  'sander-sheet': 'Вибрационная шлифмашина',
  'sander-belt': 'Ленточная шлифмашина',
  'sander-delta': 'Дельташлифмашина',
  polisher: 'Полировальная машина',
  'wall-sander': 'Шлифмашина для стен и потолков',
  'heat-gun': 'Строительный фен',
  'glue-gun': 'Клеевой пистолет',
  'pipe-welder': 'Аппарат для сварки труб',
  'laser-level': 'Лазерный нивелир',
  rangefinder: 'Лазерный дальномер',
  tape: 'Рулетка',
  'spirit-level': 'Строительный уровень',
  battery: 'Аккумулятор',
  charger: 'Зарядное устройство',
  'starter-kit': 'Стартовый комплект',
  'tool-set': 'Набор инструмента',
  'bit-set': 'Набор бит',
  'screwdriver-set': 'Набор отвёрток',
  'wrench-set': 'Набор ключей',
  toolbox: 'Ящик для инструмента',
  trimmer: 'Триммер',
  chainsaw: 'Цепная пила',
  'hedge-trimmer': 'Кусторез',
  blower: 'Воздуходувка',
  'lawn-mower': 'Газонокосилка',
};

/** Batteries a kit brings and their capacity (catalog-data.ts's KITS texts). */
const KIT_BATTERIES = { solo: [0, 0], '1x2': [1, 2], '2x2': [2, 2], '2x4': [2, 4] } as const;

/** The kinds whose plain version's box the description lists with or without a case. */
function caseIncluded({ spec, kit, cased }: DemoItem): boolean | undefined {
  if (kit) return kit === '2x2' || kit === '2x4';
  switch (spec.kind) {
    case 'perforator':
    case 'grinder':
    case 'heat-gun':
      return cased;
    case 'demolition':
    case 'combo':
    case 'impact-wrench':
    case 'pipe-welder':
    case 'tool-set':
      return true;
    case 'laser-level':
      return spec.count >= 8;
    default:
      return undefined;
  }
}

/** The values that are read the same way for every powered tool: supply, power, battery, kit, weight. */
function commonValues(item: DemoItem): Values {
  const { spec: s, kit } = item;
  const v: Values = {};
  const type = TYPE[s.kind];
  if (type) v.type = type;
  if (POWERED.has(s.kind)) v.supply = s.cc ? 'Бензиновый' : s.voltage ? 'Аккумуляторный' : 'Сетевой';
  if (s.cc) {
    v.engineVolume = s.cc;
    v.enginePower = s.energy;
  } else if (s.power && POWERED.has(s.kind)) {
    v.power = s.power;
  }
  if (s.voltage) {
    v.voltage = s.voltage;
    v.platform = platform(s);
    if (POWERED.has(s.kind)) v.brushless = s.brushless;
  }
  if (kit) {
    const [batteries, capacity] = KIT_BATTERIES[kit];
    v.kit = kitLabel(kit).replace(/^./, (c) => c.toUpperCase());
    v.batteries = batteries;
    if (capacity) v.capacity = capacity;
  }
  const withCase = caseIncluded(item);
  if (withCase !== undefined) v.caseIncluded = withCase;
  if (s.weight) v.weight = s.weight;
  return v;
}

/** The values particular to a kind, each as its description states it. */
function kindValues({ spec: s }: DemoItem): Values {
  const [first = '', second = ''] = s.extra.split('|');
  switch (s.kind) {
    case 'perforator': {
      const max = s.chuck === 'SDS-max';
      return {
        chuck: s.chuck,
        energy: s.energy,
        concreteHole: s.size,
        blowRate: Math.round((max ? 3400 - s.energy * 40 : 5200 - s.energy * 300) / 100) * 100,
        // SDS-plus models describe «реверс и регулировка оборотов курком»; SDS-max ones do not.
        ...(max ? {} : { reverse: true }),
      };
    }
    case 'demolition':
      return { energy: s.energy, chuck: 'Шестигранник 30 мм' };
    case 'drill-driver':
      return {
        type: s.extra === 'ударная' ? 'Дрель-шуруповёрт ударная' : 'Дрель-шуруповёрт',
        torque: s.torque,
        chuckSize: s.size,
        speed: s.rpm,
        speeds: 2,
        impact: s.extra === 'ударная',
        reverse: true,
      };
    case 'drill':
      return {
        type: s.extra === 'ударная' ? 'Дрель ударная' : 'Дрель безударная',
        chuckSize: s.size,
        speed: s.rpm,
        impact: s.extra === 'ударная',
        reverse: true,
      };
    case 'screwdriver-corded':
      return { torque: s.torque, chuckSize: s.size };
    case 'mixer':
      return { speed: s.rpm, speeds: 2, paddle: s.size, softStart: true };
    case 'combo':
      // The box: «три аккумулятора 4 Ач» for sets of more than three tools, else two.
      return { tools: s.count, capacity: s.capacity, batteries: s.capacity >= 4 && s.count > 3 ? 3 : 2 };
    case 'grinder':
      return {
        disc: s.size,
        speed: s.rpm,
        speedControl: s.extra.includes('регулировк'),
        softStart: s.extra.includes('плавн') || s.size >= 230,
      };
    case 'circular-saw':
      return { disc: s.size, cutDepth: s.depth, speed: s.rpm };
    case 'jigsaw':
      return { woodCut: s.depth, strokes: s.rpm, pendulum: s.extra.includes('маятник') || s.power >= 650 || s.brushless };
    case 'recip-saw':
      return { stroke: s.size, woodCut: s.depth, strokes: s.rpm, pendulum: true };
    case 'miter-saw':
      return { disc: s.size, cutWidth: s.depth, speed: s.rpm, slide: s.extra.includes('протяжк') };
    case 'cutoff-saw':
      return { disc: s.size, speed: s.rpm };
    case 'impact-wrench':
      return { torque: s.torque, square: s.extra || '1/2"', speed: s.rpm, reverse: true };
    case 'impact-driver':
      return { torque: s.torque, chuck: 'Шестигранник 1/4"', speed: s.rpm };
    case 'ratchet':
      return { torque: s.torque, square: '3/8"', speed: s.rpm, reverse: true };
    case 'sander-orbital':
      return { pad: s.size, oscillations: s.rpm, speedControl: s.extra.includes('регулир') };
    case 'sander-sheet':
      return { padSize: '187×90 мм', oscillations: s.rpm };
    case 'sander-belt':
      return { beltSize: s.extra, beltSpeed: s.rpm };
    case 'sander-delta':
      return { oscillations: s.rpm };
    case 'polisher':
      return { disc: s.size, speed: s.rpm, speedControl: true, softStart: true };
    case 'wall-sander':
      return { disc: s.size, speed: s.rpm, speedControl: true };
    case 'heat-gun':
      return { temperature: s.rpm, display: s.extra.includes('ЖК') };
    case 'glue-gun':
      return { glueStick: 11, glueOutput: s.rpm };
    case 'pipe-welder':
      return { temperature: 300, pipes: '20–63 мм' };
    case 'laser-level':
      return { lines: s.count, beam: s.extra.includes('зелён') ? 'Зелёный' : 'Красный', range: s.range };
    case 'rangefinder':
      return { range: s.range, protection: 'IP54' };
    case 'tripod':
      return { type: s.extra.startsWith('Штатив') ? 'Штатив' : 'Распорная штанга', height: s.range };
    case 'tape':
      return { tapeLength: s.range, tapeWidth: s.size, magnetic: s.extra.includes('магнит') };
    case 'spirit-level':
      return { length: s.size, magnetic: s.extra.includes('магнит') };
    case 'battery':
      return { capacity: s.capacity };
    case 'charger':
      return { chargeCurrent: s.capacity, fastCharge: s.extra === 'быстрое' };
    case 'starter-kit':
      return { capacity: s.capacity, batteries: s.count };
    case 'tool-set':
      return { pieces: s.count, drive: s.extra };
    case 'bit-set':
      return { pieces: s.count };
    case 'drill-set':
      return { type: first.includes('буров') ? 'Набор буров' : 'Набор свёрл', pieces: s.count };
    case 'screwdriver-set':
      return { pieces: s.count, insulated: s.extra.includes('1000') };
    case 'hammer':
      // The name says «500 г» or «3 кг»: sizes under 10 are kilograms.
      return { type: s.extra, weight: s.size < 10 ? s.size : s.size / 1000 };
    case 'wrench-set':
      return { pieces: s.count, sizes: second };
    case 'pliers':
      return { type: first, insulated: second.includes('1000 В') };
    case 'toolbox':
      return {};
    case 'trimmer':
      return { mowWidth: s.size };
    case 'chainsaw':
      return { bar: s.size };
    case 'hedge-trimmer':
      return { blade: s.size, branches: s.depth };
    case 'blower':
      return { airSpeed: s.rpm, vacuum: s.extra.includes('пылесос') };
    case 'lawn-mower':
      return { mowWidth: s.size, grassBox: s.depth, lawnArea: s.range, selfPropelled: s.extra.includes('самоход') };
  }
}

/** A demo product's characteristics as written: «Мощность» → «800», «Реверс» → «Да». */
export function demoCharacteristics(item: DemoItem): { key: DemoAttributeKey; value: string }[] {
  const values: Values = { ...commonValues(item), ...kindValues(item) };
  const keys = Object.keys(DEMO_ATTRIBUTES) as DemoAttributeKey[];
  return keys
    .filter((key) => values[key] !== undefined && values[key] !== '')
    .map((key) => {
      const value = values[key]!;
      return { key, value: typeof value === 'boolean' ? (value ? 'Да' : 'Нет') : String(value) };
    });
}

/**
 * Gives the seeded demo products their characteristics and the demo categories their filters:
 * the attributes come through the resolver (as any import's would) and get their unit, kind,
 * group and order; the values go through the catalogue's door.
 */
export async function seedDemoAttributes(db: DbOrTx, categoryIds: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const keys = Object.keys(DEMO_ATTRIBUTES) as DemoAttributeKey[];
  const resolved = await resolveAttributes(
    db,
    keys.map((key) => ({ name: DEMO_ATTRIBUTES[key].name, unit: DEMO_ATTRIBUTES[key].unit })),
  );
  const ids = new Map<DemoAttributeKey, number>();
  for (const [position, key] of keys.entries()) {
    const { name, unit, kind, group } = DEMO_ATTRIBUTES[key];
    const attribute = resolved.get(attributeAliasOf(name))!;
    ids.set(key, attribute.id);
    await db.update(attributes).set({ unit, kind, groupName: group, sortOrder: position + 1 }).where(eq(attributes.id, attribute.id));
  }

  const items = demoItemsBySku();
  const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, [...items.keys()]));
  const values = new Map<number, AttributeValueInput[]>();
  for (const row of rows) {
    const own: AttributeValueInput[] = [];
    for (const { key, value } of demoCharacteristics(items.get(row.sku!)!)) {
      const parsed = parseAttributeValue(DEMO_ATTRIBUTES[key].kind, value);
      if (!parsed) throw new Error(`Demo value «${value}» of «${DEMO_ATTRIBUTES[key].name}» (${row.sku}) is not of its kind`);
      own.push({ attributeId: ids.get(key)!, value: parsed.value, number: parsed.number });
    }
    values.set(row.id, own);
  }
  await replaceProductAttributes(db, values, now);
  // The door touched the products; the demo keeps the ages the generator gave them (sorting by novelty, sitemaps).
  await db.update(products).set({ updatedAt: sql`${products.createdAt}` }).where(inArray(products.id, [...values.keys()]));

  const filters = [...categoryIds].flatMap(([slug, categoryId]) =>
    (DEMO_CATEGORY_FILTERS[slug] ?? []).map((key, position) => ({ categoryId, attributeId: ids.get(key)!, position })),
  );
  if (filters.length) await db.insert(categoryAttributes).values(filters);
}
