/**
 * The demo catalogue (DCK and P.I.T tools with Russian names, SKUs, prices and stock) and the
 * generator of large benchmark catalogues built from the same vocabulary.
 *
 * Pure data and deterministic generation: a seeded PRNG (mulberry32), no Math.random, so every
 * run produces identical products. Money is in kopecks; prices are whole roubles.
 */
import type { Supplier } from '#shared/constants.ts';
import { pluralRu } from '#shared/plural.ts';
import { slugify } from '#shared/slug.ts';

export type DemoCategory = {
  slug: string;
  name: string;
  description: string;
  /** A lucide-react icon name, kebab-case. */
  icon: string;
  sortOrder: number;
};

export type DemoProduct = {
  slug: string;
  name: string;
  sku: string;
  supplier: Supplier | null;
  tag: string | null;
  /** Kopecks; null means "price on request". */
  priceKopecks: number | null;
  originalPriceKopecks: number | null;
  stock: number | null;
  shortDescription: string;
  description: string;
  salesCount: number;
  isFeatured: boolean;
  isActive: boolean;
  categorySlug: string;
  imageUrl: string;
  /** How many days before the seed run the product appeared: spreads the "newest" sort. */
  createdDaysAgo: number;
};

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

export type Rng = () => number;

/** mulberry32: a tiny, fast, seedable PRNG with a uniform output in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
const pick = <T>(r: Rng, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const chance = (r: Rng, p: number) => r() < p;

// ---------------------------------------------------------------------------------------------
// Formatting

/** Russian number: decimal comma, a no-break space between thousands from 10 000. */
function nf(n: number): string {
  const [whole, frac] = String(n).split('.');
  const grouped = whole.length > 4 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0') : whole;
  return frac ? `${grouped},${frac}` : grouped;
}

/** A shop price in roubles: ends in 90 (4 290 ₽, 12 490 ₽). */
function shopPrice(rub: number): number {
  if (rub < 10_000) return Math.max(490, Math.round(rub / 100) * 100 - 10);
  return Math.round(rub / 500) * 500 - 10;
}

/** Collapses the double spaces and " ," that optional parts leave behind (checked first: it is hot). */
const clean = (text: string) =>
  text.includes('  ') || text.includes(' ,') || text.includes('\n') || text.startsWith(' ') || text.endsWith(' ')
    ? text.replace(/\s+/g, ' ').replace(/\s+,/g, ',').trim()
    : text;
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const pcs = (n: number) => `${n} ${pluralRu(n, 'предмет', 'предмета', 'предметов')}`;

// ---------------------------------------------------------------------------------------------
// Categories

const C = {
  perf: 'perforatory',
  drill: 'dreli-shurupoverty',
  grinder: 'uglovye-shlifmashiny',
  saw: 'pily-i-lobziki',
  impact: 'gaykoverty-i-vintoverty',
  sander: 'shlifovalnye-mashiny',
  heat: 'feny-i-termoinstrument',
  measure: 'izmeritelnyy-instrument',
  battery: 'akkumulyatory-i-zaryadnye-ustroystva',
  hand: 'ruchnoy-instrument',
  garden: 'sadovaya-tehnika',
} as const;

export const demoCategories: DemoCategory[] = [
  {
    slug: C.perf,
    name: 'Перфораторы',
    description:
      'Сетевые и аккумуляторные перфораторы SDS-plus и SDS-max, отбойные молотки. Для сверления, бурения и демонтажа бетона, кирпича и камня.',
    icon: 'hammer',
    sortOrder: 1,
  },
  {
    slug: C.drill,
    name: 'Дрели-шуруповёрты',
    description:
      'Аккумуляторные дрели-шуруповёрты 12 и 20 В, ударные и безударные сетевые дрели, строительные миксеры. Комплекты с аккумуляторами и без.',
    icon: 'drill',
    sortOrder: 2,
  },
  {
    slug: C.grinder,
    name: 'Угловые шлифмашины (УШМ)',
    description:
      'Болгарки для резки и зачистки металла, камня и плитки. Диски от 115 до 230 мм, модели с регулировкой оборотов и плавным пуском.',
    icon: 'disc',
    sortOrder: 3,
  },
  {
    slug: C.saw,
    name: 'Пилы и лобзики',
    description:
      'Циркулярные, торцовочные, сабельные и монтажные пилы, электролобзики. Ровный рез древесины, металла, пластика и ламината.',
    icon: 'disc-3',
    sortOrder: 4,
  },
  {
    slug: C.impact,
    name: 'Гайковёрты и винтовёрты',
    description:
      'Ударные гайковёрты 1/2" и 3/4" с моментом до 1000 Н·м для шиномонтажа и металлоконструкций, ударные винтовёрты и угловые трещотки.',
    icon: 'nut',
    sortOrder: 5,
  },
  {
    slug: C.sander,
    name: 'Шлифовальные машины',
    description:
      'Эксцентриковые, вибрационные, ленточные и дельтавидные шлифмашины, полировальные машины и шлифмашины для стен. Подготовка поверхностей под покраску и финишная обработка.',
    icon: 'sparkles',
    sortOrder: 6,
  },
  {
    slug: C.heat,
    name: 'Фены и термоинструмент',
    description:
      'Строительные фены до 2200 Вт для снятия краски, сварки и гибки пластика, клеевые пистолеты и аппараты для сварки полипропиленовых труб.',
    icon: 'flame',
    sortOrder: 7,
  },
  {
    slug: C.measure,
    name: 'Измерительный инструмент',
    description:
      'Лазерные нивелиры и дальномеры, строительные уровни и рулетки. Всё для разметки, выравнивания и замеров на объекте.',
    icon: 'ruler',
    sortOrder: 8,
  },
  {
    slug: C.battery,
    name: 'Аккумуляторы и зарядные устройства',
    description:
      'Литий-ионные аккумуляторы 12 и 20 В ёмкостью от 2 до 6 Ач, обычные и быстрые зарядные устройства, стартовые комплекты для инструмента DCK и P.I.T.',
    icon: 'battery-charging',
    sortOrder: 9,
  },
  {
    slug: C.hand,
    name: 'Ручной инструмент',
    description:
      'Наборы торцевых головок и ключей, отвёртки, молотки, шарнирно-губцевый инструмент, свёрла и биты. Надёжная классика для мастерской и автомобиля.',
    icon: 'wrench',
    sortOrder: 10,
  },
  {
    slug: C.garden,
    name: 'Садовая техника',
    description:
      'Триммеры, цепные пилы, кусторезы, воздуходувки и газонокосилки: сетевые, аккумуляторные и бензиновые модели для дачи и участка.',
    icon: 'trees',
    sortOrder: 11,
  },
];

// ---------------------------------------------------------------------------------------------
// Product families: a model with its specs; kits and cased versions expand into products.

export type Kind =
  | 'perforator'
  | 'demolition'
  | 'drill-driver'
  | 'drill'
  | 'screwdriver-corded'
  | 'mixer'
  | 'combo'
  | 'grinder'
  | 'circular-saw'
  | 'jigsaw'
  | 'recip-saw'
  | 'miter-saw'
  | 'cutoff-saw'
  | 'impact-wrench'
  | 'impact-driver'
  | 'ratchet'
  | 'sander-orbital'
  | 'sander-sheet'
  | 'sander-belt'
  | 'sander-delta'
  | 'polisher'
  | 'wall-sander'
  | 'heat-gun'
  | 'glue-gun'
  | 'pipe-welder'
  | 'laser-level'
  | 'rangefinder'
  | 'tripod'
  | 'tape'
  | 'spirit-level'
  | 'battery'
  | 'charger'
  | 'starter-kit'
  | 'tool-set'
  | 'bit-set'
  | 'drill-set'
  | 'screwdriver-set'
  | 'hammer'
  | 'wrench-set'
  | 'pliers'
  | 'toolbox'
  | 'trimmer'
  | 'chainsaw'
  | 'hedge-trimmer'
  | 'blower'
  | 'lawn-mower';

export type KitKey = 'solo' | '1x2' | '2x2' | '2x4';

export type Spec = {
  kind: Kind;
  brand: Supplier | null;
  /** Model code; the SKU is the model plus a kit or case suffix. */
  model: string;
  /** Roubles of the plain version (without batteries for cordless tools). */
  price: number;
  power: number;
  voltage: number;
  brushless: boolean;
  /** Impact energy, joules. */
  energy: number;
  /** Torque, N·m. */
  torque: number;
  rpm: number;
  /** The kind's main size in mm: disc, blade, pad, drilling diameter, bar (cm), width (cm). */
  size: number;
  /** Cutting depth, mm. */
  depth: number;
  weight: number;
  /** Battery capacity, Ah; charge current for chargers. */
  capacity: number;
  /** Number of pieces, laser lines. */
  count: number;
  /** Range or length, m. */
  range: number;
  /** Engine displacement, cm³. */
  cc: number;
  chuck: 'SDS-plus' | 'SDS-max';
  /** A tail for the name ("с регулировкой оборотов") or a variant flag text. */
  extra: string;
  kits: KitKey[];
  /** Also sold in a case with accessories. */
  cased: boolean;
  featured: boolean;
  onRequest: boolean;
  inactive: boolean;
  /** Arrived recently: tagged as new. */
  fresh: boolean;
};

const DEFAULTS: Omit<Spec, 'kind' | 'brand' | 'model' | 'price'> = {
  power: 0,
  voltage: 0,
  brushless: false,
  energy: 0,
  torque: 0,
  rpm: 0,
  size: 0,
  depth: 0,
  weight: 0,
  capacity: 0,
  count: 0,
  range: 0,
  cc: 0,
  chuck: 'SDS-plus',
  extra: '',
  kits: [],
  cased: false,
  featured: false,
  onRequest: false,
  inactive: false,
  fresh: false,
};

const F = (kind: Kind, brand: Supplier | null, model: string, price: number, spec: Partial<Spec> = {}): Spec => ({
  ...DEFAULTS,
  kind,
  brand,
  model,
  price,
  ...spec,
});

type Kit = { sku: string; label: string; add12: number; add20: number; text: (s: Spec) => string };

/** The battery platform a cordless tool belongs to: «P.I.T OnePower 20 В», «DCK 20 В». */
export const platform = (s: Spec) =>
  s.brand === 'P.I.T' ? `P.I.T OnePower ${s.voltage} В` : s.brand === 'DCK' ? `DCK ${s.voltage} В` : `${s.voltage} В`;

const KITS: Record<KitKey, Kit> = {
  solo: {
    sku: '-SOLO',
    label: 'без АКБ и ЗУ',
    add12: 0,
    add20: 0,
    text: (s) =>
      `Поставляется без аккумулятора и зарядного устройства — выгодный вариант, если у вас уже есть аккумуляторы ${platform(s)}.`,
  },
  '1x2': {
    sku: '/1',
    label: '1 АКБ 2 Ач, ЗУ',
    add12: 2000,
    add20: 2800,
    text: (s) => `В комплекте: аккумулятор ${s.voltage} В 2 Ач и зарядное устройство.`,
  },
  '2x2': {
    sku: '/2',
    label: '2 АКБ 2 Ач, ЗУ, кейс',
    add12: 3800,
    add20: 5200,
    text: (s) => `В комплекте: два аккумулятора ${s.voltage} В 2 Ач, зарядное устройство и пластиковый кейс для хранения.`,
  },
  '2x4': {
    sku: '/4K',
    label: '2 АКБ 4 Ач, быстрое ЗУ, кейс',
    add12: 6000,
    add20: 8900,
    text: (s) =>
      `В комплекте: два аккумулятора ${s.voltage} В 4 Ач, быстрое зарядное устройство и кейс — хватит на полную смену без перерывов.`,
  },
};

// ---------------------------------------------------------------------------------------------
// Vocabulary: how each kind is named and described

type KindDef = {
  category: string;
  /** Illustration base name; branded files get -dck / -pit. */
  image: string;
  /** Hand tools also have a neutral colourway for products without a supplier. */
  neutral?: boolean;
  name: (s: Spec) => string;
  short: (s: Spec, r: Rng) => string;
  body: (s: Spec, r: Rng) => string[];
  /** What's in the box of a mains or plain version (cordless kits describe their own). */
  box?: (s: Spec, r: Rng) => string;
  /** Extra for the cased version and its name tail. */
  caseText?: string;
};

const bm = (s: Spec) => (s.brand ? `${s.brand} ${s.model}` : '');
const who = (s: Spec) => (s.brand ? `${s.brand} ${s.model}` : 'Модель');
const bl = (s: Spec, word = 'бесщёточный') => (s.brushless ? ` ${word}` : '');
const cordless = (s: Spec) => s.voltage > 0;
const weightText = (s: Spec) => (s.weight ? `Масса — ${nf(s.weight)} кг.` : '');
const brushlessText = (s: Spec) =>
  s.brushless
    ? 'Бесщёточный двигатель не требует замены щёток, меньше греется и на одном заряде работает заметно дольше коллекторного.'
    : '';
const batteryCompat = (s: Spec) =>
  cordless(s) ? `Работает от любых аккумуляторов ${platform(s)} — одна батарея подходит ко всему инструменту линейки.` : '';

const FEATURES_GRIP = [
  'Обрезиненная рукоятка не скользит в перчатках и гасит вибрацию.',
  'Эргономичная прорезиненная рукоятка снижает усталость рук при долгой работе.',
  'Удобная обрезиненная рукоятка надёжно лежит в руке даже в перчатках.',
];
const FEATURES_CABLE = [
  'Сетевой кабель длиной 3 м в резиновой изоляции не дубеет на морозе.',
  'Кабель 2,5 м с защитой от перелома у корпуса.',
  'Длинный сетевой кабель в гибкой изоляции.',
];

function warranty(s: Spec, r: Rng): string {
  const base =
    s.brand === 'DCK'
      ? 'Гарантия производителя — 24 месяца.'
      : s.brand === 'P.I.T'
        ? 'Гарантия производителя — 12 месяцев.'
        : 'Гарантия магазина — 12 месяцев.';
  return chance(r, 0.35)
    ? `${base} Гарантийное и постгарантийное обслуживание — в сервисных центрах наших филиалов в Волгограде, Ростове-на-Дону, Санкт-Петербурге, Новороссийске и Мариуполе.`
    : base;
}

const K: Record<Kind, KindDef> = {
  perforator: {
    category: C.perf,
    image: 'perforator',
    caseText: 'в кейсе',
    name: (s) =>
      cordless(s)
        ? `Перфоратор аккумуляторный ${bm(s)} ${s.chuck} ${s.voltage} В${bl(s)}`
        : `Перфоратор ${bm(s)} ${s.chuck} ${s.power} Вт`,
    short: (s, r) =>
      pick(r, [
        `Энергия удара ${nf(s.energy)} Дж, ${s.chuck === 'SDS-max' ? 'два режима' : 'три режима'} работы, бурение бетона до ${s.size} мм.`,
        `${cordless(s) ? `Аккумуляторный перфоратор ${s.voltage} В` : `Перфоратор ${s.power} Вт`} для сверления и долбления бетона, кирпича и камня: ${nf(s.energy)} Дж, до ${s.size} мм.`,
      ]),
    body: (s, r) => {
      const cls = s.energy < 2.5 ? 'лёгкий' : s.energy < 6 ? 'универсальный' : 'тяжёлый';
      const bpm = Math.round((s.chuck === 'SDS-max' ? 3400 - s.energy * 40 : 5200 - s.energy * 300) / 100) * 100;
      return [
        pick(r, [
          `${who(s)} — ${cls} перфоратор с патроном ${s.chuck} для монтажных и ремонтных работ: бурение бетона, кладки и природного камня, долбление, удаление плитки и штукатурки.`,
          `Перфоратор ${who(s)} рассчитан на ежедневную работу по бетону, кирпичу и камню: отверстия под анкеры и дюбели, бурение коронкой под подрозетники, штробление.`,
        ]),
        `${cordless(s) ? `Двигатель питается от аккумулятора ${s.voltage} В и обеспечивает` : `Двигатель мощностью ${s.power} Вт обеспечивает`} энергию удара ${nf(s.energy)} Дж при частоте до ${nf(bpm)} ударов в минуту; максимальный диаметр сверления в бетоне — ${s.size} мм.`,
        s.chuck === 'SDS-max'
          ? 'Два режима — бурение с ударом и долбление, долото фиксируется в 12 положениях.'
          : 'Три режима: сверление, сверление с ударом и долбление, реверс и регулировка оборотов курком.',
        brushlessText(s),
        pick(r, [
          'Предохранительная муфта защищает руки и редуктор при заклинивании бура.',
          'Механическая муфта отключает вращение при заклинивании бура — рука и редуктор в безопасности.',
        ]),
        pick(r, FEATURES_GRIP),
        batteryCompat(s),
        weightText(s),
      ];
    },
    box: (s) =>
      s.cased
        ? 'В комплекте: дополнительная рукоятка, ограничитель глубины, набор из трёх буров SDS-plus и пикообразного зубила, тюбик смазки, прочный кейс.'
        : 'В комплекте: дополнительная рукоятка, ограничитель глубины сверления, смазка для хвостовиков.',
  },

  demolition: {
    category: C.perf,
    image: 'perforator',
    name: (s) => `Отбойный молоток ${bm(s)} ${s.power} Вт ${nf(s.energy)} Дж`,
    short: (s) => `Отбойный молоток ${s.power} Вт с энергией удара ${nf(s.energy)} Дж для демонтажа бетона, кладки и дорожных покрытий.`,
    body: (s, r) => [
      pick(r, [
        `${who(s)} — мощный отбойный молоток для демонтажных работ: разрушение бетонных стяжек и перегородок, вскрытие асфальта, удаление плитки вместе с раствором.`,
        `Отбойный молоток ${who(s)} предназначен для тяжёлого демонтажа: пробивка проёмов, разрушение фундаментов, снятие старой стяжки и плитки.`,
      ]),
      `Двигатель ${s.power} Вт развивает энергию удара ${nf(s.energy)} Дж, пиковый инструмент крепится в шестигранном патроне 30 мм.`,
      'Антивибрационная система и поворотная дополнительная рукоятка позволяют работать длительное время.',
      weightText(s),
    ],
    box: () => 'В комплекте: пика и зубило, дополнительная рукоятка, шестигранный ключ, кейс на колёсах.',
  },

  'drill-driver': {
    category: C.drill,
    image: 'drill-driver',
    name: (s) =>
      `Дрель-шуруповёрт ${s.extra === 'ударная' ? 'ударная ' : ''}аккумуляторная ${bm(s)} ${s.voltage} В${bl(s, 'бесщёточная')}`,
    short: (s, r) =>
      pick(r, [
        `${s.voltage} В, крутящий момент ${s.torque} Н·м, патрон ${s.size} мм${s.extra === 'ударная' ? ', режим сверления с ударом' : ''}.`,
        `${s.brushless ? 'Бесщёточная' : 'Компактная'} дрель-шуруповёрт ${s.voltage} В с моментом ${s.torque} Н·м для сборки мебели, монтажа и сверления.`,
      ]),
    body: (s, r) => [
      pick(r, [
        `${who(s)} — ${s.voltage <= 12 ? 'лёгкая и компактная' : 'универсальная'} дрель-шуруповёрт для заворачивания саморезов, сборки мебели и сверления отверстий в дереве и металле${s.extra === 'ударная' ? ', а благодаря ударному режиму — и в кирпиче' : ''}.`,
        `Аккумуляторная дрель-шуруповёрт ${who(s)} подойдёт и мастеру, и для домашнего ремонта: монтаж гипсокартона, сборка каркасов, сверление древесины и металла${s.extra === 'ударная' ? ', кирпича и газобетона' : ''}.`,
      ]),
      `Максимальный крутящий момент — ${s.torque} Н·м, две скорости (до ${nf(s.rpm)} об/мин), ${s.torque > 40 ? '21 положение' : '18 положений'} муфты для точной затяжки крепежа.`,
      `Быстрозажимной патрон ${s.size} мм, светодиодная подсветка рабочей зоны, реверс и электронный тормоз.`,
      brushlessText(s),
      batteryCompat(s),
      weightText(s),
    ],
  },

  drill: {
    category: C.drill,
    image: 'drill',
    name: (s) => `Дрель ${s.extra === 'ударная' ? 'ударная' : 'безударная'} ${bm(s)} ${s.power} Вт`,
    short: (s) =>
      s.extra === 'ударная'
        ? `Ударная дрель ${s.power} Вт для сверления бетона, кирпича, металла и дерева, патрон ${s.size} мм.`
        : `Безударная дрель ${s.power} Вт для точного сверления металла, дерева и пластика.`,
    body: (s, r) => [
      s.extra === 'ударная'
        ? `Ударная дрель ${who(s)} справится с отверстиями под дюбели в бетоне и кирпиче, сверлением металла и древесины, а на малых оборотах — с закручиванием крепежа.`
        : `Безударная дрель ${who(s)} — точный инструмент для сверления металла, древесины и пластика, а также для работы с насадками: миксером для краски, щётками, шлифовальными дисками.`,
      `Двигатель ${s.power} Вт, частота вращения до ${nf(s.rpm)} об/мин${s.extra === 'ударная' ? `, до ${nf(s.rpm * 16)} ударов в минуту` : ''}, ключевой патрон ${s.size} мм.`,
      'Электронная регулировка оборотов, реверс и кнопка фиксации выключателя для длительной работы.',
      pick(r, FEATURES_CABLE),
      weightText(s),
    ],
    box: (s) =>
      `В комплекте: ${s.extra === 'ударная' ? 'дополнительная рукоятка, ограничитель глубины, ' : ''}ключ для патрона.`,
  },

  'screwdriver-corded': {
    category: C.drill,
    image: 'drill',
    name: (s) => `Шуруповёрт сетевой ${bm(s)} ${s.power} Вт`,
    short: (s) => `Сетевой шуруповёрт ${s.power} Вт с моментом ${s.torque} Н·м — не нужно следить за зарядом аккумулятора.`,
    body: (s, r) => [
      `Сетевой шуруповёрт ${who(s)} — для тех, кто работает у розетки: монтаж гипсокартона и вагонки, сборка мебели, сверление небольших отверстий.`,
      `Мощность ${s.power} Вт, крутящий момент до ${s.torque} Н·м, быстрозажимной патрон ${s.size} мм, 20 положений муфты.`,
      pick(r, FEATURES_CABLE),
      weightText(s),
    ],
    box: () => 'В комплекте: двусторонняя бита PH2, поясной крючок.',
  },

  mixer: {
    category: C.drill,
    image: 'drill',
    name: (s) => `Миксер строительный ${bm(s)} ${s.power} Вт`,
    short: (s) => `Строительный миксер ${s.power} Вт для замеса клея, штукатурки, наливного пола и краски объёмом до 80 л.`,
    body: (s, r) => [
      `Миксер ${who(s)} предназначен для приготовления строительных смесей: плиточного клея, штукатурки, шпаклёвки, наливного пола, бетона мелкой фракции и красок.`,
      `Двигатель ${s.power} Вт, две скорости (до ${nf(s.rpm)} об/мин) и плавный пуск — раствор не разбрызгивается из ёмкости. Насадка диаметром ${s.size} мм крепится резьбой М14.`,
      'Широкая двуручная рукоятка с обрезиненными накладками позволяет уверенно держать миксер даже в вязкой смеси.',
      pick(r, FEATURES_CABLE),
      weightText(s),
    ],
    box: (s) => `В комплекте: спиральная насадка ${s.size} мм, два рожковых ключа.`,
  },

  combo: {
    category: C.drill,
    image: 'drill-driver',
    name: (s) => `Набор аккумуляторного инструмента ${bm(s)} ${s.voltage} В: ${s.extra}`,
    short: (s) => `Комплект ${s.count} инструментов ${s.voltage} В на одной аккумуляторной платформе: ${s.extra}.`,
    body: (s) => [
      `Готовый набор ${who(s)} из ${s.count} инструментов ${s.voltage} В: ${s.extra}. Всё работает от одних и тех же аккумуляторов, поэтому набор обходится дешевле, чем покупка инструмента по отдельности.`,
      'Подходит для отделочных работ, монтажа инженерных систем и обустройства дома или дачи.',
      batteryCompat(s),
    ],
    box: (s) =>
      `В комплекте: ${s.capacity >= 4 ? `${s.count > 3 ? 'три' : 'два'} аккумулятора 4 Ач, быстрое зарядное устройство` : 'два аккумулятора 2 Ач, зарядное устройство'} и кейс для транспортировки.`,
  },

  grinder: {
    category: C.grinder,
    image: 'angle-grinder',
    caseText: 'в кейсе',
    name: (s) =>
      cordless(s)
        ? `Угловая шлифмашина аккумуляторная ${bm(s)} ${s.voltage} В ${s.size} мм${bl(s, 'бесщёточная')}`
        : `Угловая шлифмашина ${bm(s)} ${s.power} Вт ${s.size} мм${s.extra ? ` ${s.extra}` : ''}`,
    short: (s, r) =>
      pick(r, [
        `УШМ ${cordless(s) ? `${s.voltage} В` : `${s.power} Вт`} под диск ${s.size} мм для резки и зачистки металла, камня и плитки.`,
        `Болгарка ${s.size} мм, ${nf(s.rpm)} об/мин${s.extra ? `, ${s.extra}` : ''}: резка труб, профиля, арматуры и плитки.`,
      ]),
    body: (s, r) => [
      s.size >= 180
        ? `${who(s)} — мощная угловая шлифмашина под диск ${s.size} мм для резки толстого металла, бетона и камня, зачистки сварных швов и крупных поверхностей.`
        : pick(r, [
            `Угловая шлифмашина ${who(s)} под диск ${s.size} мм — самый востребованный инструмент в мастерской: резка труб и профиля, зачистка сварных швов, шлифовка металла, резка плитки и камня.`,
            `${who(s)} — ${cordless(s) ? 'аккумуляторная' : 'лёгкая'} болгарка ${s.size} мм для резки металла, плитки и керамогранита, зачистки и шлифования.`,
          ]),
      `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, частота вращения шпинделя ${s.extra.includes('регулировк') ? `регулируется от ${nf(Math.round(s.rpm / 4 / 100) * 100)} до ${nf(s.rpm)}` : `до ${nf(s.rpm)}`} об/мин, резьба шпинделя М14.`,
      s.extra.includes('плавн') || s.size >= 230
        ? 'Плавный пуск исключает рывок при включении, защита от повторного пуска срабатывает после отключения питания.'
        : 'Блокировка шпинделя для быстрой смены диска, защитный кожух регулируется без инструмента.',
      brushlessText(s),
      'Дополнительную рукоятку можно установить слева, справа или сверху.',
      batteryCompat(s),
      weightText(s),
    ],
    box: (s) =>
      s.cased
        ? 'В комплекте: защитный кожух, дополнительная рукоятка, ключ для фланца, два отрезных диска по металлу и кейс.'
        : 'В комплекте: защитный кожух, дополнительная рукоятка, фланец и ключ.',
  },

  'circular-saw': {
    category: C.saw,
    image: 'circular-saw',
    name: (s) =>
      cordless(s)
        ? `Пила циркулярная аккумуляторная ${bm(s)} ${s.voltage} В ${s.size} мм${bl(s, 'бесщёточная')}`
        : `Пила циркулярная ${bm(s)} ${s.power} Вт ${s.size} мм`,
    short: (s) =>
      `Дисковая пила ${cordless(s) ? `${s.voltage} В` : `${s.power} Вт`}, диск ${s.size} мм, глубина пропила до ${s.depth} мм, наклон до 45°.`,
    body: (s, r) => [
      pick(r, [
        `Циркулярная пила ${who(s)} предназначена для продольного и поперечного распила доски, бруса, фанеры, OSB и ламинированных плит.`,
        `${who(s)} — ручная дисковая пила для плотницких работ: раскрой листовых материалов, распил доски и бруса, подрезка под углом.`,
      ]),
      `${cordless(s) ? `Аккумуляторное питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, диск ${s.size} мм, ${nf(s.rpm)} об/мин, глубина пропила ${s.depth} мм под прямым углом и ${Math.round(s.depth * 0.7)} мм под углом 45°.`,
      'Литая алюминиевая платформа, регулировка глубины и угла без инструмента, патрубок для подключения пылесоса.',
      brushlessText(s),
      batteryCompat(s),
      weightText(s),
    ],
    box: (s) => `В комплекте: пильный диск ${s.size} мм по дереву, параллельный упор, ключ.`,
  },

  jigsaw: {
    category: C.saw,
    image: 'jigsaw',
    name: (s) =>
      cordless(s)
        ? `Лобзик аккумуляторный ${bm(s)} ${s.voltage} В${bl(s)}`
        : `Лобзик электрический ${bm(s)} ${s.power} Вт${s.extra ? ` ${s.extra}` : ''}`,
    short: (s) =>
      `${cordless(s) ? `Аккумуляторный лобзик ${s.voltage} В` : `Электролобзик ${s.power} Вт`}: рез дерева до ${s.depth} мм, стали до ${Math.max(4, Math.round(s.depth / 10))} мм, фигурный и прямой.`,
    body: (s, r) => [
      pick(r, [
        `Электролобзик ${who(s)} выполняет прямые и фигурные резы в древесине, ДСП, фанере, ламинате, пластике и тонком металле.`,
        `${who(s)} — лобзик для столярных и отделочных работ: вырезы под мойку и варочную панель, раскрой ламината и гипсокартона, фигурные детали.`,
      ]),
      `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, до ${nf(s.rpm)} ходов в минуту, глубина реза в дереве — ${s.depth} мм, в стали — ${Math.max(4, Math.round(s.depth / 10))} мм.`,
      s.extra.includes('маятник') || s.power >= 650 || s.brushless
        ? 'Четырёхступенчатый маятниковый ход ускоряет рез по дереву, опорная плита наклоняется до 45° в обе стороны.'
        : 'Опорная плита наклоняется до 45°, регулировка частоты ходов колёсиком.',
      'Быстрая смена пилки без инструмента, сдув опилок с линии реза.',
      brushlessText(s),
      batteryCompat(s),
      weightText(s),
    ],
    box: () => 'В комплекте: пилки по дереву и металлу, защитный экран, адаптер для пылесоса.',
  },

  'recip-saw': {
    category: C.saw,
    image: 'reciprocating-saw',
    name: (s) =>
      cordless(s) ? `Пила сабельная аккумуляторная ${bm(s)} ${s.voltage} В${bl(s, 'бесщёточная')}` : `Пила сабельная ${bm(s)} ${s.power} Вт`,
    short: (s) =>
      `Сабельная пила ${cordless(s) ? `${s.voltage} В` : `${s.power} Вт`} для демонтажа, обрезки труб, бруса и веток, ход пилки ${s.size} мм.`,
    body: (s, r) => [
      pick(r, [
        `Сабельная пила ${who(s)} незаменима при демонтаже и на стройке: резка бруса с гвоздями, металлических труб, профиля, пластика и газобетона.`,
        `${who(s)} — сабельная пила для грубого и быстрого реза: демонтаж деревянных конструкций, обрезка труб у стены, обрезка веток на участке.`,
      ]),
      `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, до ${nf(s.rpm)} ходов в минуту, ход пилки ${s.size} мм, глубина реза в дереве до ${s.depth} мм.`,
      'Маятниковый ход ускоряет распил, пилку можно установить зубьями вверх или вниз без инструмента.',
      brushlessText(s),
      batteryCompat(s),
      weightText(s),
    ],
    box: () => 'В комплекте: пилки по дереву и металлу.',
  },

  'miter-saw': {
    category: C.saw,
    image: 'miter-saw',
    name: (s) => `Пила торцовочная ${bm(s)} ${s.power} Вт ${s.size} мм${s.extra ? ` ${s.extra}` : ''}`,
    short: (s) =>
      `Торцовочная пила ${s.power} Вт, диск ${s.size} мм${s.extra ? `, ${s.extra}` : ''}: точный поперечный и угловой рез доски, бруса, плинтуса.`,
    body: (s, r) => [
      pick(r, [
        `Торцовочная пила ${who(s)} выполняет точные поперечные, угловые и комбинированные резы: плинтус, наличник, вагонка, доска, брус, алюминиевый профиль.`,
        `${who(s)} — стационарная торцовочная пила для столярной мастерской и отделки: угловые соединения, запил плинтуса и погонажа.`,
      ]),
      `Двигатель ${s.power} Вт, диск ${s.size} мм, ${nf(s.rpm)} об/мин, поворот стола до 45° в обе стороны с фиксацией на популярных углах, наклон головы до 45°.`,
      s.extra.includes('протяжк')
        ? `Протяжка на двух направляющих увеличивает ширину реза до ${s.depth} мм.`
        : `Максимальная ширина реза при 90° — ${s.depth} мм.`,
      'Лазерный указатель линии реза, прижим заготовки и мешок для опилок.',
      weightText(s),
    ],
    box: (s) => `В комплекте: пильный диск ${s.size} мм, струбцина, мешок для опилок, ключ.`,
  },

  'cutoff-saw': {
    category: C.saw,
    image: 'miter-saw',
    name: (s) => `Пила монтажная (отрезная) ${bm(s)} ${s.power} Вт ${s.size} мм`,
    short: (s) => `Монтажная пила ${s.power} Вт с диском ${s.size} мм для резки труб, уголка, профиля и арматуры под углом до 45°.`,
    body: (s) => [
      `Отрезная пила ${who(s)} — для быстрой и ровной резки металлопроката: трубы, уголок, швеллер, профиль, арматура.`,
      `Мощность ${s.power} Вт, абразивный круг ${s.size} мм, ${nf(s.rpm)} об/мин, тиски с быстрым зажимом поворачиваются до 45°.`,
      'Массивное стальное основание не даёт пиле смещаться при резке, защитный кожух закрывает круг.',
      weightText(s),
    ],
    box: (s) => `В комплекте: отрезной круг ${s.size} мм, ключ.`,
  },

  'impact-wrench': {
    category: C.impact,
    image: 'impact-driver',
    name: (s) =>
      cordless(s)
        ? `Гайковёрт ударный аккумуляторный ${bm(s)} ${s.voltage} В ${s.torque} Н·м ${s.extra || '1/2"'}${bl(s)}`
        : `Гайковёрт ударный сетевой ${bm(s)} ${s.power} Вт ${s.torque} Н·м ${s.extra || '1/2"'}`,
    short: (s) =>
      `Ударный гайковёрт ${cordless(s) ? `${s.voltage} В` : `${s.power} Вт`} с моментом ${s.torque} Н·м и квадратом ${s.extra || '1/2"'} для шиномонтажа и крупного крепежа.`,
    body: (s, r) => [
      pick(r, [
        `Гайковёрт ${who(s)} закручивает и откручивает гайки и болты ${s.torque > 600 ? 'крупного размера, в том числе на грузовом транспорте и спецтехнике' : 'колёс легковых автомобилей, крепёж металлоконструкций и строительных лесов'}.`,
        `Ударный гайковёрт ${who(s)} для автосервиса, шиномонтажа и монтажа металлоконструкций: быстро справляется даже с прикипевшими соединениями.`,
      ]),
      `Максимальный момент — ${s.torque} Н·м, посадочный квадрат ${s.extra || '1/2"'}, до ${nf(s.rpm)} об/мин и ${nf(Math.round(s.rpm * 1.35 / 100) * 100)} ударов в минуту.`,
      cordless(s) ? 'Три режима скорости и реверс, подсветка рабочей зоны.' : 'Реверс и кольцо фиксации головки, металлический корпус ударного механизма.',
      brushlessText(s),
      batteryCompat(s),
      weightText(s),
    ],
    box: () => 'В комплекте: кейс для хранения.',
  },

  'impact-driver': {
    category: C.impact,
    image: 'impact-driver',
    name: (s) => `Винтовёрт ударный аккумуляторный ${bm(s)} ${s.voltage} В ${s.torque} Н·м${bl(s)}`,
    short: (s) => `Компактный ударный винтовёрт ${s.voltage} В, ${s.torque} Н·м, шестигранник 1/4" — длинные саморезы без предварительного сверления.`,
    body: (s, r) => [
      pick(r, [
        `Винтовёрт ${who(s)} заворачивает длинные саморезы и глухари в древесину без предварительного сверления, уверенно работает с кровельным и фасадным крепежом.`,
        `Ударный винтовёрт ${who(s)} — помощник кровельщика, плотника и монтажника: крепёж каркасов, террасной доски, металлочерепицы.`,
      ]),
      `Момент до ${s.torque} Н·м, до ${nf(s.rpm)} об/мин, быстросъёмный держатель бит 1/4", несколько режимов скорости.`,
      'Ударный механизм не передаёт отдачу на кисть, поэтому рука устаёт меньше, чем при работе дрелью-шуруповёртом.',
      brushlessText(s),
      batteryCompat(s),
      weightText(s),
    ],
  },

  ratchet: {
    category: C.impact,
    image: 'impact-driver',
    name: (s) => `Гайковёрт угловой (трещотка) аккумуляторный ${bm(s)} ${s.voltage} В 3/8" ${s.torque} Н·м`,
    short: (s) => `Аккумуляторная трещотка ${s.voltage} В, 3/8", ${s.torque} Н·м для работы в подкапотном пространстве и труднодоступных местах.`,
    body: (s) => [
      `Угловой гайковёрт ${who(s)} заменяет ручную трещотку там, где мало места: подкапотное пространство, подвеска, инженерные коммуникации.`,
      `Момент ${s.torque} Н·м, квадрат 3/8", до ${s.rpm} об/мин, реверс переключается рычажком на головке. Узкая головка проходит туда, куда не пролезает гайковёрт.`,
      batteryCompat(s),
      weightText(s),
    ],
  },

  'sander-orbital': {
    category: C.sander,
    image: 'sander',
    name: (s) =>
      cordless(s)
        ? `Шлифмашина эксцентриковая аккумуляторная ${bm(s)} ${s.voltage} В ${s.size} мм`
        : `Шлифмашина эксцентриковая ${bm(s)} ${s.power} Вт ${s.size} мм${s.extra ? ` ${s.extra}` : ''}`,
    short: (s) =>
      `Эксцентриковая шлифмашина ${cordless(s) ? `${s.voltage} В` : `${s.power} Вт`}, подошва ${s.size} мм: чистовая шлифовка дерева, шпаклёвки и лакокрасочных покрытий.`,
    body: (s, r) => [
      pick(r, [
        `Эксцентриковая шлифмашина ${who(s)} подходит для чистовой обработки древесины, снятия старой краски и лака, шлифования шпаклёвки и автомобильного грунта.`,
        `${who(s)} — орбитальная шлифмашина для мебельщиков, маляров и автомастеров: ровная поверхность без кругового рисунка.`,
      ]),
      `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, подошва ${s.size} мм на липучке, эксцентриситет 2,5 мм, ${nf(s.rpm)} колебаний в минуту${s.extra.includes('регулир') ? ' с электронной регулировкой' : ''}.`,
      'Встроенный пылесборник с фильтром, возможность подключения строительного пылесоса.',
      batteryCompat(s),
      weightText(s),
    ],
    box: (s) => `В комплекте: пылесборник, шлифовальные круги ${s.size} мм разной зернистости.`,
  },

  'sander-sheet': {
    category: C.sander,
    image: 'sander',
    name: (s) => `Шлифмашина вибрационная ${bm(s)} ${s.power} Вт 187×90 мм`,
    short: (s) => `Плоскошлифовальная машина ${s.power} Вт с прямоугольной подошвой — шлифует углы и кромки.`,
    body: (s) => [
      `Вибрационная шлифмашина ${who(s)} работает со стандартной шлифовальной бумагой на зажимах или липучке и добирается до углов и кромок.`,
      `Мощность ${s.power} Вт, подошва 187×90 мм, ${nf(s.rpm)} колебаний в минуту. Подходит для подготовки стен под покраску, шлифования мебели и дверей.`,
      weightText(s),
    ],
    box: () => 'В комплекте: пылесборник, перфоратор для бумаги, комплект шлифовальных листов.',
  },

  'sander-belt': {
    category: C.sander,
    image: 'sander',
    name: (s) => `Шлифмашина ленточная ${bm(s)} ${s.power} Вт ${s.extra}`,
    short: (s) => `Ленточная шлифмашина ${s.power} Вт, лента ${s.extra}: быстрое снятие слоя с доски, бруса и старой краски.`,
    body: (s) => [
      `Ленточная шлифмашина ${who(s)} предназначена для грубой и быстрой обработки больших плоских поверхностей: выравнивание щитов, снятие краски, подгонка дверей и доски пола.`,
      `Мощность ${s.power} Вт, лента ${s.extra}, скорость ленты до ${s.rpm} м/мин с регулировкой, центровка ленты винтом.`,
      'Машину можно закрепить в перевёрнутом положении и работать как с настольным станком.',
      weightText(s),
    ],
    box: () => 'В комплекте: шлифовальная лента, пылесборник, струбцины для стационарной установки.',
  },

  'sander-delta': {
    category: C.sander,
    image: 'sander',
    name: (s) => `Шлифмашина дельтавидная ${bm(s)} ${s.power} Вт`,
    short: (s) => `Дельташлифмашина ${s.power} Вт с треугольной подошвой для углов, профилей и мелких деталей.`,
    body: (s) => [
      `Треугольная подошва шлифмашины ${who(s)} добирается до внутренних углов, фасок, реек жалюзи и мелких деталей мебели.`,
      `Мощность ${s.power} Вт, ${nf(s.rpm)} колебаний в минуту, подошва на липучке поворачивается для равномерного износа шкурки.`,
      weightText(s),
    ],
    box: () => 'В комплекте: пылесборник, 5 шлифовальных листов.',
  },

  polisher: {
    category: C.sander,
    image: 'sander',
    name: (s) =>
      cordless(s)
        ? `Машина полировальная аккумуляторная ${bm(s)} ${s.voltage} В ${s.size} мм`
        : `Машина полировальная ${bm(s)} ${s.power} Вт ${s.size} мм`,
    short: (s) => `Полировальная машина ${s.size} мм с регулировкой оборотов для кузовов, камня и лакированных поверхностей.`,
    body: (s) => [
      `Полировальная машина ${who(s)} для удаления царапин и голограмм с лакокрасочного покрытия автомобиля, полировки камня, пластика и мебели.`,
      `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, диск ${s.size} мм, плавная регулировка от ${s.rpm > 3000 ? 1200 : 600} до ${nf(s.rpm)} об/мин, поддержание оборотов под нагрузкой.`,
      'Плавный пуск не разбрызгивает пасту, D-образная рукоятка позволяет работать двумя руками.',
      batteryCompat(s),
      weightText(s),
    ],
    box: (s) => `В комплекте: опорная тарелка на липучке, поролоновый и меховой полировальные круги ${s.size} мм.`,
  },

  'wall-sander': {
    category: C.sander,
    image: 'sander',
    name: (s) => `Шлифмашина для стен и потолков ${bm(s)} ${s.power} Вт ${s.size} мм`,
    short: (s) => `Шлифмашина-«жираф» ${s.power} Вт с телескопической штангой: шлифовка шпаклёвки на стенах и потолках без стремянки.`,
    body: (s) => [
      `Шлифмашина ${who(s)} для шлифования шпаклёвки и штукатурки на стенах и потолках, удаления старых покрытий и зачистки бетона.`,
      `Мощность ${s.power} Вт, круг ${s.size} мм, регулировка оборотов ${nf(Math.round(s.rpm / 2.5 / 100) * 100)}–${nf(s.rpm)} об/мин, телескопическая штанга до 1,6 м и светодиодная подсветка по периметру головы.`,
      'Шланг для подключения пылесоса — работа почти без пыли.',
      weightText(s),
    ],
    box: (s) => `В комплекте: шланг 2 м, шлифовальные круги ${s.size} мм, сумка.`,
  },

  'heat-gun': {
    category: C.heat,
    image: 'heat-gun',
    caseText: 'в кейсе с насадками',
    name: (s) =>
      cordless(s)
        ? `Фен строительный аккумуляторный ${bm(s)} ${s.voltage} В`
        : `Фен строительный ${bm(s)} ${s.power} Вт${s.extra ? ` ${s.extra}` : ''}`,
    short: (s) =>
      `${cordless(s) ? `Аккумуляторный фен ${s.voltage} В` : `Строительный фен ${s.power} Вт`}, до ${s.rpm}°C: снятие краски, гибка и сварка пластика, термоусадка.`,
    body: (s, r) => [
      pick(r, [
        `Фен ${who(s)} удаляет старую краску и лак, размораживает трубы, гнёт и сваривает пластик, сушит шпаклёвку, садит термоусадочную трубку.`,
        `Строительный фен ${who(s)} — универсальный помощник при ремонте: снятие краски, отклейка плитки ПВХ, гибка труб, пайка, сушка.`,
      ]),
      `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, температура воздуха до ${s.rpm}°C, ${s.extra.includes('ЖК') ? 'плавная регулировка с шагом 10°C и ЖК-дисплей' : cordless(s) ? 'два режима температуры' : 'два режима температуры и потока'}.`,
      'Защита от перегрева, устойчивое положение на торце для работы «без рук».',
      batteryCompat(s),
      weightText(s),
    ],
    box: (s) =>
      s.cased
        ? 'В комплекте: пять насадок (отражательная, щелевая, плоская, редукционная, стеклозащитная), скребок и кейс.'
        : 'В комплекте: две насадки.',
  },

  'glue-gun': {
    category: C.heat,
    image: 'heat-gun',
    name: (s) =>
      cordless(s) ? `Пистолет клеевой аккумуляторный ${bm(s)} ${s.voltage} В 11 мм` : `Пистолет клеевой ${bm(s)} ${s.power} Вт 11 мм`,
    short: () => 'Клеевой пистолет под стержни 11 мм для склеивания дерева, картона, ткани и пластика.',
    body: (s) => [
      `Клеевой пистолет ${who(s)} для ремонта, рукоделия, упаковки и мелкого монтажа: склеивает дерево, картон, ткань, пластик, керамику.`,
      `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, стержни диаметром 11 мм, разогрев за 3–5 минут, производительность до ${s.rpm} г/мин. Откидная подставка и защита сопла.`,
      batteryCompat(s),
    ],
    box: () => 'В комплекте: 6 клеевых стержней.',
  },

  'pipe-welder': {
    category: C.heat,
    image: 'heat-gun',
    name: (s) => `Аппарат для сварки пластиковых труб ${bm(s)} ${s.power} Вт`,
    short: (s) => `Паяльник для полипропиленовых труб ${s.power} Вт с насадками 20–63 мм и терморегулятором.`,
    body: (s) => [
      `Аппарат ${who(s)} сваривает трубы и фитинги из полипропилена и полиэтилена диаметром от 20 до 63 мм — монтаж водопровода и отопления своими руками.`,
      `Мощность ${s.power} Вт (два нагревательных элемента), регулировка температуры до 300°C, антипригарные насадки с тефлоновым покрытием.`,
    ],
    box: () => 'В комплекте: шесть пар насадок, подставка, ножницы для труб, рулетка, металлический кейс.',
  },

  'laser-level': {
    category: C.measure,
    image: 'laser-level',
    name: (s) => `Лазерный нивелир ${bm(s)} ${s.count} ${pluralRu(s.count, 'линия', 'линии', 'линий')}${s.extra ? `, ${s.extra}` : ''}`,
    short: (s) =>
      `Самовыравнивающийся нивелир: ${s.count} ${pluralRu(s.count, 'линия', 'линии', 'линий')}, ${s.extra || 'красный луч'}, дальность до ${s.range} м с приёмником.`,
    body: (s, r) => [
      pick(r, [
        `Лазерный нивелир ${who(s)} строит горизонтальные и вертикальные плоскости для укладки плитки, монтажа гипсокартона, натяжных потолков, кухонь и дверей.`,
        `${who(s)} — нивелир для отделочников и монтажников: разметка стен, выставление маяков, монтаж подвесных потолков и мебели.`,
      ]),
      `${s.count} ${pluralRu(s.count, 'линия', 'линии', 'линий')}${s.count >= 8 ? ' (плоскости 360°)' : ''}, ${s.extra || 'красный луч'}, точность ±0,3 мм/м, самовыравнивание в диапазоне ±4° со звуковым сигналом выхода за пределы.`,
      `Рабочая дальность — до ${Math.round(s.range / 2)} м без приёмника и до ${s.range} м с приёмником. Резьба 1/4" и 5/8" для штатива.`,
      s.count >= 8 ? 'Питание от литий-ионного аккумулятора с зарядкой по USB Type-C.' : 'Питание от батареек АА.',
    ],
    box: (s) =>
      s.count >= 8
        ? 'В комплекте: аккумулятор, кабель USB, магнитный кронштейн, мишень, очки, кейс.'
        : 'В комплекте: батарейки, чехол.',
  },

  rangefinder: {
    category: C.measure,
    image: 'rangefinder',
    name: (s) => `Лазерный дальномер ${bm(s)} ${s.range} м`,
    short: (s) => `Дальномер до ${s.range} м с точностью ±2 мм: длина, площадь, объём и косвенные измерения.`,
    body: (s) => [
      `Лазерный дальномер ${who(s)} измеряет расстояния до ${s.range} м с точностью ±2 мм — быстрее и точнее рулетки при замерах квартир, расчёте материалов и составлении смет.`,
      'Режимы: длина, площадь, объём, теорема Пифагора, непрерывное измерение, память 20 последних значений. Цветной дисплей с подсветкой.',
      'Корпус с защитой от пыли и брызг IP54.',
    ],
    box: () => 'В комплекте: батарейки, чехол, ремешок.',
  },

  tripod: {
    category: C.measure,
    image: 'laser-level',
    name: (s) => `${s.extra} ${bm(s)} ${nf(s.range)} м`,
    short: (s) => `Высота до ${nf(s.range)} м, резьба 1/4", алюминиевые секции с быстрыми замками.`,
    body: (s) => [
      `${s.extra} ${who(s)} для установки лазерных нивелиров и построителей плоскостей на нужной высоте.`,
      `Максимальная высота — ${nf(s.range)} м, резьба 1/4" (переходник 5/8" в комплекте), алюминиевые секции с быстрыми замками.`,
    ],
    box: () => 'В комплекте: переходник 5/8", чехол.',
  },

  tape: {
    category: C.measure,
    image: 'tape-measure',
    neutral: true,
    name: (s) => `Рулетка ${bm(s)} ${nf(s.range)} м × ${s.size} мм${s.extra ? `, ${s.extra}` : ''}`,
    short: (s) => `Измерительная рулетка ${nf(s.range)} м с полотном ${s.size} мм и фиксатором, ударопрочный корпус.`,
    body: (s) => [
      `Рулетка ${s.brand ? `${s.brand} ` : ''}длиной ${nf(s.range)} м с полотном шириной ${s.size} мм: жёсткое полотно не заламывается при выдвижении до ${s.size >= 25 ? 3 : 2} м.`,
      'Полотно с нейлоновым покрытием, двусторонняя метрическая разметка, плавающий крючок для внутренних и наружных замеров, фиксатор и клипса на пояс.',
      s.extra.includes('магнит') ? 'Магнитный крючок держится на металлическом профиле — удобно мерить одному.' : '',
    ],
  },

  'spirit-level': {
    category: C.measure,
    image: 'spirit-level',
    neutral: true,
    name: (s) => `Уровень строительный ${bm(s)} ${s.size} мм${s.extra ? `, ${s.extra}` : ''}`,
    short: (s) => `Алюминиевый уровень ${s.size} мм с тремя ампулами, точность 0,5 мм/м.`,
    body: (s) => [
      `Строительный уровень ${s.brand ? `${s.brand} ` : ''}длиной ${s.size} мм из усиленного алюминиевого профиля для кладки, монтажа, укладки плитки и установки окон.`,
      'Три ампулы (горизонталь, вертикаль, 45°), точность 0,5 мм/м, фрезерованная рабочая грань, противоударные торцевые заглушки.',
      s.extra.includes('магнит') ? 'Магниты в рабочей грани фиксируют уровень на металле.' : '',
    ],
  },

  battery: {
    category: C.battery,
    image: 'battery-pack',
    name: (s) => `Аккумулятор ${bm(s)} ${s.voltage} В ${nf(s.capacity)} Ач Li-Ion`,
    short: (s) => `Литий-ионный аккумулятор ${s.voltage} В ${nf(s.capacity)} Ач с индикатором заряда для инструмента ${s.brand}.`,
    body: (s) => [
      `Аккумулятор ${who(s)} ${s.voltage} В ёмкостью ${nf(s.capacity)} Ач подходит ко всему инструменту ${platform(s)}: дрелям, гайковёртам, пилам, УШМ и садовой технике.`,
      `Литий-ионные ячейки без эффекта памяти, индикатор заряда на корпусе, защита от перегрева, глубокого разряда и перегрузки. ${s.capacity >= 4 ? 'Ёмкости хватает на мощный инструмент: циркулярные пилы, УШМ, гайковёрты.' : 'Лёгкий аккумулятор для шуруповёртов и компактного инструмента.'}`,
      weightText(s),
    ],
  },

  charger: {
    category: C.battery,
    image: 'charger',
    name: (s) => `Зарядное устройство ${bm(s)} ${s.voltage} В ${nf(s.capacity)} А${s.extra ? `, ${s.extra}` : ''}`,
    short: (s) =>
      `${s.extra === 'быстрое' ? 'Быстрое зарядное устройство' : 'Зарядное устройство'} для аккумуляторов ${s.voltage} В, ток ${nf(s.capacity)} А: аккумулятор 4 Ач заряжается за ${Math.round((4 / s.capacity) * 60)} минут.`,
    body: (s) => [
      `Зарядное устройство ${who(s)} для литий-ионных аккумуляторов ${platform(s)} любой ёмкости.`,
      `Зарядный ток ${nf(s.capacity)} А: аккумулятор 2 Ач заряжается примерно за ${Math.round((2 / s.capacity) * 60)} минут, 4 Ач — за ${Math.round((4 / s.capacity) * 60)} минут. ${s.extra.includes('два') ? 'Два порта заряжают аккумуляторы по очереди без участия пользователя.' : ''}`,
      'Светодиодная индикация процесса и ошибок, активное охлаждение, отверстия для крепления на стену.',
    ],
  },

  'starter-kit': {
    category: C.battery,
    image: 'battery-pack',
    name: (s) => `Комплект ${bm(s)}: ${s.count} аккумулятора ${s.voltage} В ${nf(s.capacity)} Ач и ${s.extra}`,
    short: (s) => `Стартовый набор: ${s.count} аккумулятора ${nf(s.capacity)} Ач и ${s.extra} для инструмента ${platform(s)}.`,
    body: (s) => [
      `Стартовый комплект ${who(s)} для тех, кто покупает инструмент без аккумуляторов: ${s.count} аккумулятора ${s.voltage} В ${nf(s.capacity)} Ач и ${s.extra}.`,
      `Подходит ко всему инструменту ${platform(s)}, выгоднее покупки по отдельности.`,
    ],
  },

  'tool-set': {
    category: C.hand,
    image: 'tool-case',
    neutral: true,
    name: (s) => `Набор инструмента ${bm(s)} ${pcs(s.count)}, ${s.extra}, в кейсе`,
    short: (s) => `${pcs(s.count)}: торцевые головки ${s.extra}, трещотки, биты и ключи в прочном кейсе.`,
    body: (s, r) => [
      pick(r, [
        `Универсальный набор ${s.brand ? `${s.brand} ` : ''}из ${s.count} предметов для обслуживания автомобиля, мотоцикла, велосипеда и бытовой техники.`,
        `Набор инструмента ${s.brand ? `${s.brand} ` : ''}на ${pcs(s.count)} — всё необходимое для ремонта автомобиля и домашней мастерской в одном кейсе.`,
      ]),
      `Торцевые головки с посадкой ${s.extra} из хромованадиевой стали, реверсивные трещотки на 72 зуба, удлинители, кардан, набор бит, шестигранные ключи.`,
      'Каждый предмет на своём месте в ложементе — сразу видно, чего не хватает.',
    ],
  },

  'bit-set': {
    category: C.hand,
    image: 'drill-bits',
    neutral: true,
    name: (s) => `Набор бит ${s.extra ? `и ${s.extra} ` : ''}${bm(s)} ${pcs(s.count)}`,
    short: (s) => `${pcs(s.count)}: биты PH, PZ, SL, Torx и Hex${s.extra ? ', свёрла' : ''}, магнитный держатель.`,
    body: (s) => [
      `Набор ${s.brand ? `${s.brand} ` : ''}из ${s.count} предметов для шуруповёртов и винтовёртов: биты под все распространённые шлицы${s.extra ? ', свёрла по металлу, дереву и бетону, торцевые головки' : ''}.`,
      'Биты из закалённой стали S2, магнитный держатель, компактный бокс с прозрачной крышкой.',
    ],
  },

  'drill-set': {
    category: C.hand,
    image: 'drill-bits',
    neutral: true,
    name: (s) => {
      const [what, spec = ''] = s.extra.split('|');
      return `Набор ${what} ${bm(s)} ${spec}, ${s.count} шт.`;
    },
    short: (s) => `Набор ${s.extra.split('|')[0]}, ${s.count} шт. в пластиковом боксе с маркировкой диаметров.`,
    body: (s) => {
      const [what, spec = ''] = s.extra.split('|');
      return [
        `Набор ${what} ${spec} ${s.brand ? `${s.brand} ` : ''}из ${s.count} штук ${what.includes('SDS') ? 'для перфораторов' : 'для дрелей и шуруповёртов'}.`,
        'Точная заточка и полированная спираль для быстрого отвода стружки и шлама, на хвостовике каждого сверла указан диаметр.',
      ];
    },
  },

  'screwdriver-set': {
    category: C.hand,
    image: 'screwdriver-set',
    neutral: true,
    name: (s) => `Набор отвёрток ${bm(s)} ${pcs(s.count)}${s.extra ? `, ${s.extra}` : ''}`,
    short: (s) => `${pcs(s.count)}: шлицевые и крестовые отвёртки с двухкомпонентными рукоятками${s.extra ? `, ${s.extra}` : ''}.`,
    body: (s) => [
      `Набор отвёрток ${s.brand ? `${s.brand} ` : ''}из ${s.count} предметов для дома, мастерской и электромонтажа.`,
      `Стержни из хромомолибденовой стали с намагниченными кончиками, двухкомпонентные рукоятки не скользят в руке.${s.extra.includes('1000') ? ' Изоляция рассчитана на работу под напряжением до 1000 В.' : ''}`,
    ],
  },

  hammer: {
    category: C.hand,
    image: 'hammer',
    neutral: true,
    name: (s) => `${s.extra} ${bm(s)} ${nf(s.size)} ${s.size < 10 ? 'кг' : 'г'}, фиберглассовая рукоятка`,
    short: (s) => `${s.extra} ${nf(s.size)} ${s.size < 10 ? 'кг' : 'г'} с фиберглассовой рукояткой, гасящей отдачу.`,
    body: (s) => [
      `${s.extra} ${s.brand ? `${s.brand} ` : ''}с кованым бойком из закалённой стали ${s.size < 10 ? 'для демонтажа, забивки кольев и клиньев' : 'для слесарных, плотницких и монтажных работ'}.`,
      'Рукоятка из фибергласса не рассыхается, гасит отдачу, а обрезиненная накладка не скользит в руке.',
    ],
  },

  'wrench-set': {
    category: C.hand,
    image: 'wrench-set',
    neutral: true,
    name: (s) => {
      const [what, sizes = ''] = s.extra.split('|');
      return `Набор ключей ${what} ${bm(s)}, ${s.count} шт., ${sizes}`;
    },
    short: (s) => {
      const [what, sizes = ''] = s.extra.split('|');
      return `${s.count} ${pluralRu(s.count, 'ключ', 'ключа', 'ключей')} ${what} размером ${sizes} из хромованадиевой стали в удобном держателе.`;
    },
    body: (s) => {
      const [what, sizes = ''] = s.extra.split('|');
      return [
        `Набор ключей ${what} ${s.brand ? `${s.brand} ` : ''}из ${s.count} штук (${sizes}) для обслуживания автомобиля, сантехники и монтажа металлоконструкций.`,
        'Хромованадиевая сталь, матовое хромирование, профиль накидной части не срывает грани крепежа.',
        what.includes('трещот') ? 'Трещоточный механизм на 72 зуба позволяет затягивать крепёж без перехвата ключа.' : '',
      ];
    },
  },

  pliers: {
    category: C.hand,
    image: 'pliers',
    neutral: true,
    name: (s) => {
      const [what, spec = ''] = s.extra.split('|');
      return `${what} ${bm(s)}, ${spec}`;
    },
    short: (s) => `${s.extra.replace('|', ' ')} — губки из инструментальной стали, двухкомпонентные рукоятки с упором.`,
    body: (s) => [
      `${s.extra.split('|')[0]} ${s.brand ? `${s.brand} ` : ''}для электромонтажа, сантехнических и общих слесарных работ.`,
      'Губки из инструментальной стали с индукционной закалкой режущих кромок, двухкомпонентные рукоятки с упором.',
    ],
  },

  toolbox: {
    category: C.hand,
    image: 'tool-case',
    neutral: true,
    name: (s) => `Ящик для инструмента ${bm(s)} ${s.size}"${s.extra ? `, ${s.extra}` : ''}`,
    short: (s) => `Пластиковый ящик ${s.size}" со съёмным лотком и органайзерами в крышке.`,
    body: (s) => [
      `Ящик ${s.brand ? `${s.brand} ` : ''}размером ${s.size}" из ударопрочного полипропилена для ручного инструмента и крепежа.`,
      'Съёмный лоток, органайзеры для мелочей в крышке, прорезиненная ручка, проушина для замка.',
    ],
  },

  trimmer: {
    category: C.garden,
    image: 'trimmer',
    name: (s) =>
      s.cc
        ? `Триммер бензиновый ${bm(s)} ${s.cc} см³ ${nf(s.energy)} л.с.`
        : cordless(s)
          ? `Триммер аккумуляторный ${bm(s)} ${s.voltage} В${bl(s)}`
          : `Триммер электрический ${bm(s)} ${s.power} Вт`,
    short: (s) =>
      s.cc
        ? `Бензокоса ${s.cc} см³ с леской и ножом для высокой травы, бурьяна и мелкого кустарника.`
        : `${cordless(s) ? 'Аккумуляторный' : 'Электрический'} триммер, ширина скашивания ${s.size} см — для газона у дома, вдоль заборов и дорожек.`,
    body: (s, r) =>
      s.cc
        ? [
            `Бензиновый триммер ${who(s)} справится с высокой травой, бурьяном и молодой порослью на запущенных участках.`,
            `Двухтактный двигатель ${s.cc} см³ мощностью ${nf(s.energy)} л.с., ширина скашивания ${s.size} см леской и 25 см ножом, разборная штанга для перевозки.`,
            'Велосипедная рукоятка и ранцевый ремень распределяют вес на плечи.',
            weightText(s),
          ]
        : [
            pick(r, [
              `Триммер ${who(s)} подравнивает газон, окашивает траву вдоль заборов, дорожек и вокруг деревьев.`,
              `${who(s)} — лёгкий триммер для дачи и придомовой территории.`,
            ]),
            `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, ширина скашивания ${s.size} см, полуавтоматическая подача лески, регулируемая дополнительная рукоятка.`,
            brushlessText(s),
            batteryCompat(s),
            weightText(s),
          ],
    box: (s) => (s.cc ? 'В комплекте: нож, катушка с леской, ремень, канистра для смеси, ключи.' : 'В комплекте: катушка с леской, защитный кожух.'),
  },

  chainsaw: {
    category: C.garden,
    image: 'chainsaw',
    name: (s) =>
      s.cc
        ? `Бензопила ${bm(s)} ${s.cc} см³, шина ${s.size} см`
        : cordless(s)
          ? `Пила цепная аккумуляторная ${bm(s)} ${s.voltage} В${bl(s, 'бесщёточная')}, шина ${s.size} см`
          : `Пила цепная электрическая ${bm(s)} ${s.power} Вт, шина ${s.size} см`,
    short: (s) =>
      `${s.cc ? `Бензопила ${s.cc} см³` : cordless(s) ? `Аккумуляторная цепная пила ${s.voltage} В` : `Электропила ${s.power} Вт`}, шина ${s.size} см: дрова, обрезка сучьев, строительство.`,
    body: (s, r) => [
      s.cc
        ? `Бензопила ${who(s)} для заготовки дров, валки деревьев средней толщины и строительных работ на участке.`
        : pick(r, [
            `Цепная пила ${who(s)} для распила дров, бруса и досок, обрезки сучьев и садовых работ.`,
            `${who(s)} — ${cordless(s) ? 'аккумуляторная' : 'электрическая'} цепная пила для дачи: тихо и без выхлопа.`,
          ]),
      s.cc
        ? `Двигатель ${s.cc} см³ мощностью ${nf(s.energy)} л.с., шина ${s.size} см, цепь 0,325", праймер и облегчённый запуск.`
        : `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, шина ${s.size} см, натяжение цепи без инструмента, автоматическая смазка цепи.`,
      'Инерционный тормоз цепи срабатывает при отдаче.',
      brushlessText(s),
      batteryCompat(s),
      weightText(s),
    ],
    box: () => 'В комплекте: шина, цепь, чехол на шину.',
  },

  'hedge-trimmer': {
    category: C.garden,
    image: 'hedge-trimmer',
    name: (s) =>
      cordless(s) ? `Кусторез аккумуляторный ${bm(s)} ${s.voltage} В ${s.size} мм` : `Кусторез электрический ${bm(s)} ${s.power} Вт ${s.size} мм`,
    short: (s) => `Кусторез с ножом ${s.size} мм для стрижки живой изгороди и декоративных кустарников, ветки до ${s.depth} мм.`,
    body: (s) => [
      `Кусторез ${who(s)} формирует живую изгородь, стрижёт декоративные кустарники и туи.`,
      `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, двусторонний нож ${s.size} мм с лазерной заточкой, ветки толщиной до ${s.depth} мм.`,
      'Двуручное включение защищает от случайного пуска, защитный щиток у передней рукоятки.',
      batteryCompat(s),
      weightText(s),
    ],
    box: () => 'В комплекте: чехол для ножа.',
  },

  blower: {
    category: C.garden,
    image: 'blower',
    name: (s) =>
      cordless(s)
        ? `Воздуходувка аккумуляторная ${bm(s)} ${s.voltage} В`
        : `Воздуходувка${s.extra ? `-${s.extra}` : ''} электрическая ${bm(s)} ${s.power} Вт`,
    short: (s) => `Воздуходувка со скоростью потока до ${s.rpm} м/с для уборки листьев, скошенной травы и снега с дорожек.`,
    body: (s) => [
      `Воздуходувка ${who(s)} очищает дорожки, террасы и газоны от листьев, скошенной травы и лёгкого снега, продувает оборудование и автомобили.`,
      `${cordless(s) ? `Питание ${s.voltage} В` : `Мощность ${s.power} Вт`}, скорость потока до ${s.rpm} м/с${s.extra ? ', режим садового пылесоса с измельчением листвы 10:1 и мешок 35 л' : ''}.`,
      batteryCompat(s),
      weightText(s),
    ],
  },

  'lawn-mower': {
    category: C.garden,
    image: 'lawn-mower',
    name: (s) =>
      s.cc
        ? `Газонокосилка бензиновая ${bm(s)} ${nf(s.energy)} л.с. ${s.size} см${s.extra ? `, ${s.extra}` : ''}`
        : cordless(s)
          ? `Газонокосилка аккумуляторная ${bm(s)} 2×${s.voltage} В ${s.size} см`
          : `Газонокосилка электрическая ${bm(s)} ${s.power} Вт ${s.size} см`,
    short: (s) => `Ширина скашивания ${s.size} см, травосборник ${s.depth} л, регулировка высоты — для газонов до ${s.range} соток.`,
    body: (s) => [
      `Газонокосилка ${who(s)} для регулярного ухода за газоном площадью до ${s.range} соток.`,
      `${s.cc ? `Четырёхтактный двигатель ${s.cc} см³ мощностью ${nf(s.energy)} л.с.` : cordless(s) ? `Питание от двух аккумуляторов ${s.voltage} В` : `Двигатель ${s.power} Вт`}, ширина скашивания ${s.size} см, центральная регулировка высоты 25–75 мм, травосборник ${s.depth} л с индикатором наполнения.`,
      s.extra.includes('самоход') ? 'Привод на задние колёса — косилку не нужно толкать.' : 'Складная рукоятка для хранения и перевозки.',
      batteryCompat(s),
      weightText(s),
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// The demo catalogue

const DCK: Supplier = 'DCK';
const PIT: Supplier = 'P.I.T';

const FAMILIES: Spec[] = [
  // Перфораторы
  F('perforator', DCK, 'KZC20', 4290, { power: 620, energy: 2, size: 20, weight: 2.3 }),
  F('perforator', DCK, 'KZC24', 5290, { power: 780, energy: 2.4, size: 24, weight: 2.6, cased: true }),
  F('perforator', DCK, 'KZC26', 5990, { power: 800, energy: 2.6, size: 26, weight: 2.8, cased: true, featured: true }),
  F('perforator', DCK, 'KZC28', 7490, { power: 900, energy: 3.2, size: 28, weight: 3.1, cased: true }),
  F('perforator', DCK, 'KZC30', 9490, { power: 1050, energy: 4, size: 30, weight: 3.6, cased: true }),
  F('perforator', DCK, 'KZC32', 11990, { power: 1250, energy: 5, size: 32, weight: 4.2 }),
  F('perforator', DCK, 'KZC40', 18990, { power: 1100, energy: 8.5, size: 40, weight: 6.2, chuck: 'SDS-max' }),
  F('perforator', DCK, 'KZC45', 26990, { power: 1500, energy: 12, size: 45, weight: 7.8, chuck: 'SDS-max' }),
  F('perforator', PIT, 'PBH20-C', 4190, { power: 650, energy: 2, size: 20, weight: 2.4 }),
  F('perforator', PIT, 'PBH24-C1', 5490, { power: 800, energy: 2.8, size: 24, weight: 2.7, cased: true }),
  F('perforator', PIT, 'PBH26-C2', 6490, { power: 900, energy: 3, size: 26, weight: 2.9 }),
  F('perforator', PIT, 'PBH28-C', 8290, { power: 1050, energy: 3.6, size: 28, weight: 3.4, cased: true }),
  F('perforator', PIT, 'PBH32-C', 10990, { power: 1250, energy: 4.5, size: 32, weight: 4.3, inactive: true }),
  F('perforator', PIT, 'PBH40-C', 19990, { power: 1300, energy: 10, size: 40, weight: 6.8, chuck: 'SDS-max' }),
  F('perforator', PIT, 'PBH52-C', 31990, { power: 1600, energy: 16, size: 52, weight: 9.6, chuck: 'SDS-max', onRequest: true }),
  F('perforator', DCK, 'KDZC02-20', 6490, { voltage: 20, energy: 1.7, size: 20, weight: 2.1, kits: ['solo', '2x2'] }),
  F('perforator', DCK, 'KDZC04-26', 9990, { voltage: 20, energy: 2.6, size: 26, weight: 2.6, brushless: true, kits: ['solo', '2x4'], fresh: true }),
  F('perforator', PIT, 'PBH20H-C', 5990, { voltage: 20, energy: 1.5, size: 18, weight: 2, kits: ['solo', '1x2', '2x2'] }),
  F('perforator', PIT, 'PBH20H-C1', 8990, { voltage: 20, energy: 2.2, size: 24, weight: 2.4, brushless: true, kits: ['solo', '2x4'], fresh: true }),
  F('demolition', DCK, 'KZG15', 21990, { power: 1500, energy: 25, weight: 16.5 }),
  F('demolition', DCK, 'KZG65', 34990, { power: 1700, energy: 45, weight: 18, onRequest: true }),
  F('demolition', PIT, 'PDH1500-C', 23490, { power: 1500, energy: 30, weight: 15.8 }),

  // Дрели-шуруповёрты
  F('drill-driver', DCK, 'KDJZ10-10', 2790, { voltage: 12, torque: 28, size: 10, rpm: 1350, weight: 1, kits: ['solo', '2x2'] }),
  F('drill-driver', DCK, 'KDJZ12-10', 4190, { voltage: 12, torque: 35, size: 10, rpm: 1500, weight: 0.9, brushless: true, kits: ['2x2'] }),
  F('drill-driver', DCK, 'KDJZ20-13', 3790, { voltage: 20, torque: 45, size: 13, rpm: 1500, weight: 1.4, kits: ['solo', '1x2', '2x2'], featured: true }),
  F('drill-driver', DCK, 'KDJZ22-13', 5990, { voltage: 20, torque: 65, size: 13, rpm: 1800, weight: 1.5, brushless: true, kits: ['solo', '2x2', '2x4'] }),
  F('drill-driver', DCK, 'KDJZ24-13', 7490, { voltage: 20, torque: 80, size: 13, rpm: 2000, weight: 1.7, brushless: true, extra: 'ударная', kits: ['solo', '2x4'], fresh: true }),
  F('drill-driver', PIT, 'PSR12-C', 2590, { voltage: 12, torque: 30, size: 10, rpm: 1350, weight: 1, kits: ['1x2', '2x2'] }),
  F('drill-driver', PIT, 'PSR20-C2', 3490, { voltage: 20, torque: 45, size: 13, rpm: 1400, weight: 1.4, kits: ['solo', '1x2', '2x2'], featured: true }),
  F('drill-driver', PIT, 'PSR20-C4', 5490, { voltage: 20, torque: 60, size: 13, rpm: 1700, weight: 1.5, brushless: true, kits: ['solo', '2x2', '2x4'] }),
  F('drill-driver', PIT, 'PSR20H-C2', 4590, { voltage: 20, torque: 55, size: 13, rpm: 1500, weight: 1.6, extra: 'ударная', kits: ['solo', '1x2', '2x2'] }),
  F('drill-driver', PIT, 'PSR20H-C5', 7990, { voltage: 20, torque: 90, size: 13, rpm: 2000, weight: 1.8, brushless: true, extra: 'ударная', kits: ['solo', '2x4'], fresh: true }),
  F('drill', DCK, 'KJZ10', 2190, { power: 500, size: 10, rpm: 3000, weight: 1.4 }),
  F('drill', DCK, 'KJZ13', 2890, { power: 650, size: 13, rpm: 2600, weight: 1.7 }),
  F('drill', DCK, 'KZJ13', 3190, { power: 750, size: 13, rpm: 2800, weight: 1.9, extra: 'ударная' }),
  F('drill', DCK, 'KZJ16', 5290, { power: 1050, size: 16, rpm: 2800, weight: 2.6, extra: 'ударная' }),
  F('drill', PIT, 'PDR10-C', 1990, { power: 450, size: 10, rpm: 2800, weight: 1.3 }),
  F('drill', PIT, 'PID13-C', 3290, { power: 810, size: 13, rpm: 2900, weight: 2, extra: 'ударная' }),
  F('drill', PIT, 'PID16-C2', 4990, { power: 1100, size: 16, rpm: 2700, weight: 2.7, extra: 'ударная' }),
  F('screwdriver-corded', DCK, 'KJZ06-6', 2990, { power: 450, torque: 30, size: 10, weight: 1.3, inactive: true }),
  F('screwdriver-corded', PIT, 'PSR40-C', 2690, { power: 400, torque: 25, size: 10, weight: 1.2 }),
  F('mixer', DCK, 'KQF160', 9490, { power: 1600, size: 140, rpm: 800, weight: 5.6 }),
  F('mixer', PIT, 'PMX1600-C', 8990, { power: 1600, size: 120, rpm: 750, weight: 5.3 }),
  F('mixer', PIT, 'PMX1200-C', 6490, { power: 1200, size: 120, rpm: 650, weight: 4.6 }),
  F('combo', DCK, 'KDZH-K2', 16990, { voltage: 20, count: 2, capacity: 4, extra: 'дрель-шуруповёрт и ударный винтовёрт' }),
  F('combo', PIT, 'PSET20-3', 24990, { voltage: 20, count: 3, capacity: 4, extra: 'дрель-шуруповёрт, УШМ и сабельная пила' }),
  F('combo', PIT, 'PSET20-5', 49990, {
    voltage: 20,
    count: 5,
    capacity: 4,
    extra: 'перфоратор, дрель-шуруповёрт, гайковёрт, УШМ и циркулярная пила',
    fresh: true,
  }),

  // Угловые шлифмашины
  F('grinder', DCK, 'KSM03-115', 2590, { power: 650, size: 115, rpm: 11000, weight: 1.6 }),
  F('grinder', DCK, 'KSM04-125', 3190, { power: 800, size: 125, rpm: 11000, weight: 1.8, cased: true }),
  F('grinder', DCK, 'KSM05-125', 3890, { power: 1010, size: 125, rpm: 11000, weight: 2.1, cased: true, featured: true }),
  F('grinder', DCK, 'KSM06-125E', 5290, { power: 1200, size: 125, rpm: 11000, weight: 2.3, extra: 'с регулировкой оборотов', cased: true }),
  F('grinder', DCK, 'KSM08-150', 6290, { power: 1400, size: 150, rpm: 8500, weight: 2.6, extra: 'с регулировкой оборотов' }),
  F('grinder', DCK, 'KSM20-180', 7290, { power: 2000, size: 180, rpm: 8500, weight: 4.8 }),
  F('grinder', DCK, 'KSM21-230', 7990, { power: 2200, size: 230, rpm: 6500, weight: 5.2 }),
  F('grinder', DCK, 'KSM23-230', 10490, { power: 2600, size: 230, rpm: 6600, weight: 6.1, extra: 'с плавным пуском' }),
  F('grinder', PIT, 'PWS115-C', 2390, { power: 600, size: 115, rpm: 11000, weight: 1.6, inactive: true }),
  F('grinder', PIT, 'PWS125-C6', 3290, { power: 900, size: 125, rpm: 11000, weight: 2, cased: true }),
  F('grinder', PIT, 'PWS125-C8', 4590, { power: 1100, size: 125, rpm: 11000, weight: 2.2, extra: 'с регулировкой оборотов', cased: true }),
  F('grinder', PIT, 'PWS125-D2', 5490, { power: 1200, size: 125, rpm: 11500, weight: 2.3, extra: 'с плавным пуском' }),
  F('grinder', PIT, 'PWS150-C', 5790, { power: 1400, size: 150, rpm: 9000, weight: 2.7, cased: true }),
  F('grinder', PIT, 'PWS180-C', 7190, { power: 2100, size: 180, rpm: 8400, weight: 4.9 }),
  F('grinder', PIT, 'PWS230-C2', 7690, { power: 2200, size: 230, rpm: 6500, weight: 5.3 }),
  F('grinder', PIT, 'PWS230-C4', 9990, { power: 2600, size: 230, rpm: 6600, weight: 6, extra: 'с плавным пуском' }),
  F('grinder', DCK, 'KDSM20-125', 6990, { voltage: 20, size: 125, rpm: 9000, weight: 2, brushless: true, kits: ['solo', '2x4'], fresh: true }),
  F('grinder', PIT, 'PWS20H-125C', 4990, { voltage: 20, size: 125, rpm: 8500, weight: 1.9, kits: ['solo', '2x2'] }),
  F('grinder', PIT, 'PWS20H-125BL', 6490, { voltage: 20, size: 125, rpm: 9000, weight: 2, brushless: true, kits: ['solo', '2x4'] }),

  // Пилы и лобзики
  F('circular-saw', DCK, 'KMY02-165', 4790, { power: 1200, size: 165, depth: 55, rpm: 5000, weight: 3.6 }),
  F('circular-saw', DCK, 'KMY03-185', 6290, { power: 1500, size: 185, depth: 63, rpm: 5000, weight: 4.3, featured: true }),
  F('circular-saw', DCK, 'KMY04-210', 8990, { power: 1900, size: 210, depth: 75, rpm: 4800, weight: 6.2 }),
  F('circular-saw', PIT, 'PKS165-C', 4590, { power: 1200, size: 165, depth: 52, rpm: 5200, weight: 3.5 }),
  F('circular-saw', PIT, 'PKS185-C1', 5990, { power: 1500, size: 185, depth: 62, rpm: 5000, weight: 4.2 }),
  F('circular-saw', PIT, 'PKS190-C', 6990, { power: 1600, size: 190, depth: 65, rpm: 5000, weight: 4.6 }),
  F('circular-saw', PIT, 'PKS235-C', 11490, { power: 2000, size: 235, depth: 85, rpm: 4500, weight: 7.1 }),
  F('circular-saw', DCK, 'KDMY20-165', 8990, { voltage: 20, size: 165, depth: 54, rpm: 5000, weight: 2.9, brushless: true, kits: ['solo', '2x4'] }),
  F('circular-saw', PIT, 'PKS20H-165', 6990, { voltage: 20, size: 165, depth: 50, rpm: 4200, weight: 2.8, kits: ['solo', '2x4'] }),
  F('jigsaw', DCK, 'KMQZ55', 2490, { power: 450, depth: 55, rpm: 3000, weight: 1.7 }),
  F('jigsaw', DCK, 'KMQZ65', 3390, { power: 650, depth: 65, rpm: 3000, weight: 2, extra: 'с маятниковым ходом' }),
  F('jigsaw', DCK, 'KMQZ85', 4790, { power: 800, depth: 85, rpm: 3100, weight: 2.5, extra: 'с маятниковым ходом' }),
  F('jigsaw', PIT, 'PST60-C', 2990, { power: 600, depth: 60, rpm: 3000, weight: 1.9 }),
  F('jigsaw', PIT, 'PST70-C', 3690, { power: 710, depth: 70, rpm: 3000, weight: 2.2, extra: 'с маятниковым ходом' }),
  F('jigsaw', PIT, 'PST85-C', 5290, { power: 850, depth: 85, rpm: 3000, weight: 2.6, extra: 'с маятниковым ходом' }),
  F('jigsaw', DCK, 'KDMQ20', 5490, { voltage: 20, depth: 65, rpm: 2700, weight: 2, brushless: true, kits: ['solo', '2x4'] }),
  F('jigsaw', PIT, 'PST20H-C', 4790, { voltage: 20, depth: 65, rpm: 2600, weight: 2.1, kits: ['solo', '2x2'] }),
  F('recip-saw', DCK, 'KJF20', 5290, { power: 900, size: 28, depth: 200, rpm: 2800, weight: 3.4 }),
  F('recip-saw', DCK, 'KJF28', 6790, { power: 1050, size: 28, depth: 230, rpm: 2800, weight: 3.7 }),
  F('recip-saw', PIT, 'PSA1100-C', 6490, { power: 1100, size: 28, depth: 230, rpm: 2700, weight: 3.8 }),
  F('recip-saw', DCK, 'KDJF20', 8490, { voltage: 20, size: 26, depth: 200, rpm: 3000, weight: 2.6, brushless: true, kits: ['solo', '2x4'], fresh: true }),
  F('recip-saw', PIT, 'PSA20H-C', 5990, { voltage: 20, size: 22, depth: 180, rpm: 2800, weight: 2.5, kits: ['solo', '2x2'] }),
  F('miter-saw', DCK, 'KJX210', 11490, { power: 1400, size: 210, depth: 120, rpm: 5000, weight: 9.5 }),
  F('miter-saw', DCK, 'KJX255', 15490, { power: 1800, size: 255, depth: 135, rpm: 4500, weight: 13.2 }),
  F('miter-saw', DCK, 'KJX255B', 24990, { power: 1800, size: 255, depth: 305, rpm: 4500, weight: 17.5, extra: 'с протяжкой', featured: true }),
  F('miter-saw', PIT, 'PMS210-C', 11990, { power: 1500, size: 210, depth: 120, rpm: 5000, weight: 9.8 }),
  F('miter-saw', PIT, 'PMS255-C2', 26490, { power: 2000, size: 255, depth: 310, rpm: 4500, weight: 18.3, extra: 'с протяжкой' }),
  F('miter-saw', PIT, 'PMS305-C', 38990, { power: 2000, size: 305, depth: 340, rpm: 3800, weight: 24.6, extra: 'с протяжкой', onRequest: true }),
  F('cutoff-saw', DCK, 'KJG355', 12490, { power: 2000, size: 355, rpm: 3800, weight: 15.5 }),
  F('cutoff-saw', PIT, 'PCM355-C', 13990, { power: 2300, size: 355, rpm: 3800, weight: 16.2 }),

  // Гайковёрты и винтовёрты
  F('impact-wrench', DCK, 'KDPB20-18', 7990, { voltage: 20, torque: 400, rpm: 2400, weight: 1.6, brushless: true, kits: ['solo', '2x4'], featured: true }),
  F('impact-wrench', DCK, 'KDPB20-21', 10990, { voltage: 20, torque: 650, rpm: 2200, weight: 2.1, brushless: true, kits: ['solo', '2x4'] }),
  F('impact-wrench', DCK, 'KDPB20-24', 15990, { voltage: 20, torque: 1000, rpm: 1900, weight: 3.2, brushless: true, extra: '3/4"', kits: ['solo'], fresh: true }),
  F('impact-wrench', PIT, 'PWR20H-C', 5990, { voltage: 20, torque: 300, rpm: 2300, weight: 1.7, kits: ['solo', '1x2', '2x2'] }),
  F('impact-wrench', PIT, 'PWR20H-C2', 8490, { voltage: 20, torque: 500, rpm: 2400, weight: 1.9, brushless: true, kits: ['solo', '2x4'] }),
  F('impact-wrench', PIT, 'PWR20H-C5', 13990, { voltage: 20, torque: 900, rpm: 2000, weight: 2.9, brushless: true, kits: ['solo'] }),
  F('impact-wrench', DCK, 'KPB20', 5290, { power: 450, torque: 350, rpm: 2200, weight: 2.4 }),
  F('impact-wrench', PIT, 'PWR500-C', 5690, { power: 500, torque: 450, rpm: 2100, weight: 2.6 }),
  F('impact-wrench', PIT, 'PWR1000-C', 11990, { power: 1010, torque: 1000, rpm: 1700, weight: 4.9, extra: '3/4"' }),
  F('impact-driver', DCK, 'KDPL20-14', 5990, { voltage: 20, torque: 180, rpm: 2800, weight: 1.2, brushless: true, kits: ['solo', '2x2', '2x4'] }),
  F('impact-driver', DCK, 'KDPL12-8', 3990, { voltage: 12, torque: 110, rpm: 2500, weight: 0.9, kits: ['2x2'] }),
  F('impact-driver', PIT, 'PSR20-C3', 4990, { voltage: 20, torque: 160, rpm: 2600, weight: 1.3, kits: ['solo', '2x2'] }),
  F('impact-driver', PIT, 'PSR20-C6', 6490, { voltage: 20, torque: 200, rpm: 3000, weight: 1.2, brushless: true, kits: ['solo', '2x4'], fresh: true }),
  F('ratchet', DCK, 'KDJS12', 4990, { voltage: 12, torque: 60, rpm: 300, weight: 1, kits: ['solo', '2x2'] }),
  F('ratchet', PIT, 'PWR12-C', 3490, { voltage: 12, torque: 47, rpm: 250, weight: 0.9, kits: ['1x2'] }),

  // Шлифовальные машины
  F('sander-orbital', DCK, 'KSA125', 3290, { power: 350, size: 125, rpm: 24000, weight: 1.4 }),
  F('sander-orbital', DCK, 'KSA125E', 3890, { power: 400, size: 125, rpm: 24000, weight: 1.5, extra: 'с регулировкой оборотов' }),
  F('sander-orbital', DCK, 'KSA150', 4890, { power: 450, size: 150, rpm: 22000, weight: 2 }),
  F('sander-orbital', PIT, 'PES125-C', 2990, { power: 300, size: 125, rpm: 24000, weight: 1.4 }),
  F('sander-orbital', PIT, 'PES150-C', 4590, { power: 450, size: 150, rpm: 22000, weight: 2.1 }),
  F('sander-orbital', DCK, 'KDSA20-125', 4990, { voltage: 20, size: 125, rpm: 22000, weight: 1.3, kits: ['solo'] }),
  F('sander-orbital', PIT, 'PES20H-C', 4690, { voltage: 20, size: 125, rpm: 20000, weight: 1.3, kits: ['solo', '2x2'] }),
  F('sander-sheet', DCK, 'KSB187', 2590, { power: 240, rpm: 22000, weight: 1.6 }),
  F('sander-sheet', PIT, 'PSS240-C', 2390, { power: 240, rpm: 22000, weight: 1.5 }),
  F('sander-belt', DCK, 'KST76', 5490, { power: 900, rpm: 360, weight: 3.3, extra: '76×457 мм' }),
  F('sander-belt', DCK, 'KST100', 11990, { power: 1200, rpm: 380, weight: 5.6, extra: '100×610 мм' }),
  F('sander-belt', PIT, 'PBS76-C', 5990, { power: 950, rpm: 360, weight: 3.5, extra: '76×533 мм' }),
  F('sander-belt', PIT, 'PBS100-C', 10990, { power: 1200, rpm: 380, weight: 5.8, extra: '100×610 мм' }),
  F('sander-delta', DCK, 'KST02', 2490, { power: 280, rpm: 22000, weight: 1.2 }),
  F('sander-delta', PIT, 'PDS280-C', 2190, { power: 280, rpm: 21000, weight: 1.1 }),
  F('polisher', DCK, 'KSP180', 7490, { power: 1200, size: 180, rpm: 3000, weight: 2.4 }),
  F('polisher', PIT, 'PPM180-C', 7990, { power: 1400, size: 180, rpm: 3000, weight: 2.6 }),
  F('polisher', PIT, 'PPM20H-C', 6990, { voltage: 20, size: 125, rpm: 4500, weight: 1.9, kits: ['solo'], fresh: true }),
  F('wall-sander', DCK, 'KSQ225', 16990, { power: 800, size: 225, rpm: 1800, weight: 4.5 }),
  F('wall-sander', PIT, 'PSG225-C', 15490, { power: 850, size: 225, rpm: 1800, weight: 4.6 }),

  // Фены и термоинструмент
  F('heat-gun', DCK, 'KQB1600', 1790, { power: 1600, rpm: 500, weight: 0.6 }),
  F('heat-gun', DCK, 'KQB2000', 2290, { power: 2000, rpm: 600, weight: 0.7, featured: true }),
  F('heat-gun', DCK, 'KQB2000E', 3590, { power: 2000, rpm: 650, weight: 0.8, extra: 'с ЖК-дисплеем' }),
  F('heat-gun', DCK, 'KQB2200', 3290, { power: 2200, rpm: 650, weight: 0.8, cased: true }),
  F('heat-gun', PIT, 'PHG1600-C', 1590, { power: 1600, rpm: 550, weight: 0.6 }),
  F('heat-gun', PIT, 'PHG2000-C', 2190, { power: 2000, rpm: 600, weight: 0.7, cased: true }),
  F('heat-gun', PIT, 'PHG2000-C2', 3290, { power: 2000, rpm: 650, weight: 0.8, extra: 'с ЖК-дисплеем' }),
  F('heat-gun', PIT, 'PHG2200-C', 3490, { power: 2200, rpm: 650, weight: 0.8 }),
  F('heat-gun', DCK, 'KDQB20', 5290, { voltage: 20, rpm: 550, weight: 0.9, kits: ['solo'], fresh: true }),
  F('heat-gun', PIT, 'PHG20H-C', 4790, { voltage: 20, rpm: 500, weight: 0.9, kits: ['solo', '2x2'] }),
  F('glue-gun', DCK, 'KRQ11', 1590, { power: 200, rpm: 25 }),
  F('glue-gun', PIT, 'PEC100-C', 1590, { power: 100, rpm: 15 }),
  F('glue-gun', PIT, 'PEC20H-C', 2490, { voltage: 20, rpm: 15, kits: ['solo'] }),
  F('pipe-welder', DCK, 'KRJ2000', 3990, { power: 2000 }),
  F('pipe-welder', PIT, 'PPW2000-C', 3790, { power: 2000 }),

  // Измерительный инструмент
  F('laser-level', PIT, 'PLL-2R', 2990, { count: 2, range: 20, extra: 'красный луч' }),
  F('laser-level', PIT, 'PLL-2D', 7990, { count: 8, range: 40, extra: 'зелёный луч' }),
  F('laser-level', PIT, 'PLL-3D', 11990, { count: 12, range: 40, extra: 'зелёный луч', featured: true }),
  F('laser-level', PIT, 'PLL-4D', 15990, { count: 16, range: 50, extra: 'зелёный луч', fresh: true }),
  F('laser-level', DCK, 'KLL4', 4990, { count: 4, range: 30, extra: 'красный луч' }),
  F('laser-level', DCK, 'KLL8', 7490, { count: 8, range: 40, extra: 'зелёный луч' }),
  F('laser-level', DCK, 'KLL12', 10990, { count: 12, range: 40, extra: 'зелёный луч' }),
  F('rangefinder', PIT, 'PDL-40', 2190, { range: 40 }),
  F('rangefinder', PIT, 'PDL-60', 2790, { range: 60 }),
  F('rangefinder', PIT, 'PDL-100', 4990, { range: 100 }),
  F('rangefinder', PIT, 'PDL-80', 3790, { range: 80 }),
  F('rangefinder', DCK, 'KLD50', 2490, { range: 50 }),
  F('tripod', PIT, 'PLT-120', 1990, { range: 1.2, extra: 'Штатив для лазерного нивелира' }),
  F('tripod', PIT, 'PLT-360', 3490, { range: 3.6, extra: 'Штанга распорная для нивелира' }),
  F('tape', PIT, 'PTM-825', 1690, { range: 8, size: 25, extra: 'магнитный крючок' }),
  F('tape', DCK, 'KTM-1025', 1690, { range: 10, size: 25, extra: 'автостоп' }),
  F('tape', null, 'RT-7525', 1590, { range: 7.5, size: 25, extra: 'усиленная' }),
  F('tape', null, 'RT-1025', 1590, { range: 10, size: 25, extra: 'обрезиненный корпус' }),
  F('spirit-level', null, 'UR-600', 1590, { size: 600 }),
  F('spirit-level', DCK, 'KSL-1000', 2190, { size: 1000, extra: 'фрезерованная грань' }),
  F('spirit-level', PIT, 'PSL-2000', 3890, { size: 2000 }),
  F('spirit-level', null, 'UR-800M', 1890, { size: 800, extra: 'магнитный' }),
  F('spirit-level', null, 'UR-1200', 2490, { size: 1200 }),

  // Аккумуляторы и зарядные устройства
  F('battery', DCK, 'FFBL2020', 2690, { voltage: 20, capacity: 2, weight: 0.4 }),
  F('battery', DCK, 'FFBL2040', 4290, { voltage: 20, capacity: 4, weight: 0.65 }),
  F('battery', DCK, 'FFBL2050', 5290, { voltage: 20, capacity: 5, weight: 0.7 }),
  F('battery', DCK, 'FFBL2060', 6490, { voltage: 20, capacity: 6, weight: 0.8, fresh: true }),
  F('battery', DCK, 'FFBL1220', 2290, { voltage: 12, capacity: 2, weight: 0.25 }),
  F('battery', DCK, 'FFBL1240', 3290, { voltage: 12, capacity: 4, weight: 0.35 }),
  F('battery', PIT, 'PH20-2.0', 2490, { voltage: 20, capacity: 2, weight: 0.4 }),
  F('battery', PIT, 'PH20-3.0', 3290, { voltage: 20, capacity: 3, weight: 0.5 }),
  F('battery', PIT, 'PH20-4.0', 4190, { voltage: 20, capacity: 4, weight: 0.65, featured: true }),
  F('battery', PIT, 'PH20-5.0', 5190, { voltage: 20, capacity: 5, weight: 0.7 }),
  F('battery', PIT, 'PH20-6.0', 6290, { voltage: 20, capacity: 6, weight: 0.8 }),
  F('battery', PIT, 'PH12-2.0', 1990, { voltage: 12, capacity: 2, weight: 0.25 }),
  F('charger', DCK, 'FFCL20-01', 1890, { voltage: 20, capacity: 2.4 }),
  F('charger', DCK, 'FFCL20-04', 2890, { voltage: 20, capacity: 4, extra: 'быстрое' }),
  F('charger', DCK, 'FFCL12-01', 1590, { voltage: 12, capacity: 2 }),
  F('charger', PIT, 'PH20-2.4A', 1790, { voltage: 20, capacity: 2.4 }),
  F('charger', PIT, 'PH20-4.0A', 2690, { voltage: 20, capacity: 4, extra: 'быстрое' }),
  F('charger', PIT, 'PH20-2X2.4A', 3990, { voltage: 20, capacity: 2.4, extra: 'на два аккумулятора' }),
  F('starter-kit', DCK, 'FFBL2040-K', 9990, { voltage: 20, capacity: 4, count: 2, extra: 'быстрое зарядное устройство' }),
  F('starter-kit', PIT, 'PH20-SET2', 5990, { voltage: 20, capacity: 2, count: 2, extra: 'зарядное устройство' }),
  F('starter-kit', PIT, 'PH20-SET4', 9490, { voltage: 20, capacity: 4, count: 2, extra: 'быстрое зарядное устройство' }),

  // Ручной инструмент
  F('tool-set', DCK, 'KTS46', 2290, { count: 46, extra: '1/4"' }),
  F('tool-set', DCK, 'KTS108', 5490, { count: 108, extra: '1/4" и 1/2"', featured: true }),
  F('tool-set', DCK, 'KTS216', 11990, { count: 216, extra: '1/4", 3/8" и 1/2"' }),
  F('tool-set', PIT, 'PTS82', 3790, { count: 82, extra: '1/4" и 1/2"' }),
  F('tool-set', PIT, 'PTS150', 7990, { count: 150, extra: '1/4" и 1/2"' }),
  F('tool-set', null, 'NI-94', 4290, { count: 94, extra: '1/4" и 1/2"' }),
  F('bit-set', DCK, 'KBS100', 2290, { count: 100, extra: 'свёрл' }),
  F('bit-set', PIT, 'PBS32', 1590, { count: 32 }),
  F('bit-set', PIT, 'PBS60', 1990, { count: 60 }),
  F('drill-set', DCK, 'KDS19', 1790, { count: 19, extra: 'свёрл по металлу|HSS-G 1–10 мм' }),
  F('drill-set', PIT, 'PSDS5', 1590, { count: 5, extra: 'буров SDS-plus|6–12 мм × 160 мм' }),
  F('drill-set', null, 'NS-25', 1990, { count: 25, extra: 'свёрл по металлу, дереву и бетону' }),
  F('screwdriver-set', DCK, 'KSD6', 1590, { count: 6 }),
  F('screwdriver-set', PIT, 'PSD7-1000', 2390, { count: 7, extra: 'диэлектрические 1000 В' }),
  F('screwdriver-set', null, 'NO-12', 1590, { count: 12, extra: 'с держателем' }),
  F('hammer', DCK, 'KHM500', 1590, { size: 500, extra: 'Молоток слесарный' }),
  F('hammer', PIT, 'PHM570', 1690, { size: 570, extra: 'Молоток-гвоздодёр' }),
  F('hammer', null, 'KV-3000', 2290, { size: 3, extra: 'Кувалда' }),
  F('wrench-set', DCK, 'KWS12', 3490, { count: 12, extra: 'комбинированных|6–22 мм' }),
  F('wrench-set', PIT, 'PWS8R', 4990, { count: 8, extra: 'комбинированных трещоточных|8–19 мм' }),
  F('wrench-set', null, 'NK-8', 1690, { count: 8, extra: 'рожковых|6–22 мм' }),
  F('pliers', DCK, 'KPS3', 2190, { extra: 'Набор шарнирно-губцевого инструмента|3 предмета: пассатижи, бокорезы, длинногубцы' }),
  F('pliers', PIT, 'PPL200-1000', 1590, { extra: 'Пассатижи диэлектрические|200 мм, 1000 В' }),
  F('pliers', null, 'KP-250', 1590, { extra: 'Клещи переставные|250 мм' }),
  F('toolbox', DCK, 'KTB19', 1990, { size: 19, extra: 'с органайзером' }),
  F('toolbox', PIT, 'PTB22', 2490, { size: 22, extra: 'с металлическими замками' }),

  // Садовая техника
  F('trimmer', DCK, 'KGT500', 3790, { power: 500, size: 30, weight: 2.6 }),
  F('trimmer', PIT, 'PGT1200-C', 6490, { power: 1200, size: 38, weight: 4.8 }),
  F('trimmer', PIT, 'PGT-43', 9490, { cc: 43, energy: 1.7, size: 43, weight: 7.2 }),
  F('trimmer', PIT, 'PGT-52', 11990, { cc: 52, energy: 2.2, size: 45, weight: 7.8, featured: true }),
  F('trimmer', DCK, 'KGT52', 12490, { cc: 52, energy: 2.3, size: 45, weight: 8 }),
  F('trimmer', PIT, 'PGT20H-C', 5490, { voltage: 20, size: 30, weight: 2.4, kits: ['solo', '2x2'] }),
  F('trimmer', DCK, 'KDGT20', 6990, { voltage: 20, size: 33, weight: 2.7, brushless: true, kits: ['solo', '2x4'], fresh: true }),
  F('chainsaw', DCK, 'KML2000', 6490, { power: 2000, size: 40, weight: 4.6 }),
  F('chainsaw', PIT, 'PCS2200-C', 6990, { power: 2200, size: 40, weight: 4.8 }),
  F('chainsaw', PIT, 'PCS-45', 10490, { cc: 45, energy: 2.5, size: 45, weight: 5.3 }),
  F('chainsaw', PIT, 'PCS-52', 12990, { cc: 52, energy: 3, size: 50, weight: 5.6 }),
  F('chainsaw', DCK, 'KMJ52', 13490, { cc: 52, energy: 3.1, size: 50, weight: 5.7, inactive: true }),
  F('chainsaw', DCK, 'KDML20', 8990, { voltage: 20, size: 30, weight: 3.1, brushless: true, kits: ['solo', '2x4'] }),
  F('chainsaw', PIT, 'PCS20H-C', 6490, { voltage: 20, size: 25, weight: 2.9, kits: ['solo'] }),
  F('hedge-trimmer', DCK, 'KHT600', 4990, { power: 600, size: 510, depth: 18, weight: 3.3 }),
  F('hedge-trimmer', PIT, 'PHT20H-C', 5290, { voltage: 20, size: 450, depth: 15, weight: 2.6, kits: ['solo', '2x2'] }),
  F('hedge-trimmer', PIT, 'PHT710-C', 5790, { power: 710, size: 610, depth: 22, weight: 3.9 }),
  F('blower', DCK, 'KBL800', 3290, { power: 800, rpm: 60, weight: 1.8 }),
  F('blower', PIT, 'PBL20H-C', 3790, { voltage: 20, rpm: 45, weight: 1.6, kits: ['solo'] }),
  F('blower', PIT, 'PBV3000-C', 5490, { power: 3000, rpm: 75, weight: 3.6, extra: 'пылесос' }),
  F('blower', DCK, 'KDBL20', 4990, { voltage: 20, rpm: 55, weight: 1.7, brushless: true, kits: ['solo'], fresh: true }),
  F('lawn-mower', PIT, 'PLM1400-C', 9490, { power: 1400, size: 33, depth: 30, range: 4, weight: 10.5 }),
  F('lawn-mower', DCK, 'KLM1800', 14490, { power: 1800, size: 42, depth: 45, range: 6, weight: 13.8 }),
  F('lawn-mower', PIT, 'PLM20H-C', 16990, { voltage: 20, size: 40, depth: 45, range: 5, weight: 14.5, kits: ['solo'], fresh: true }),
  F('lawn-mower', PIT, 'PLM46-C', 32990, { cc: 173, energy: 3.5, size: 46, depth: 60, range: 12, weight: 31, extra: 'самоходная', onRequest: true }),
  F('lawn-mower', DCK, 'KLM46S', 34990, { cc: 196, energy: 4, size: 46, depth: 65, range: 15, weight: 33, extra: 'самоходная', inactive: true }),
];

/** One sellable item: a family in a given kit or case version. */
type Item = { spec: Spec; kit: KitKey | null; cased: boolean; first: boolean };

function expand(families: readonly Spec[]): Item[] {
  const items: Item[] = [];
  for (const spec of families) {
    if (spec.kits.length) {
      spec.kits.forEach((kit, i) => items.push({ spec, kit, cased: false, first: i === 0 }));
    } else {
      items.push({ spec, kit: null, cased: false, first: true });
      if (spec.cased) items.push({ spec, kit: null, cased: true, first: false });
    }
  }
  return items;
}

/** What a kit brings, as the product's name says it: «2 АКБ 2 Ач, ЗУ, кейс». */
export const kitLabel = (kit: KitKey) => KITS[kit].label;

/** The spec behind a demo product, with its kit or case version. */
export type DemoItem = { spec: Spec; kit: KitKey | null; cased: boolean };

/** The spec behind each demo product, by SKU: the demo characteristics are read from it (demo-attributes.ts). */
export function demoItemsBySku(): Map<string, DemoItem> {
  return new Map(expand(FAMILIES).map((item) => [itemSku(item), { spec: item.spec, kit: item.kit, cased: item.cased }]));
}

const caseSuffix = (s: Spec) => (s.brand === 'DCK' ? '-EK' : '-K');

function itemName(item: Item): string {
  const def = K[item.spec.kind];
  const base = def.name(item.spec);
  if (item.kit) return clean(`${base}, ${KITS[item.kit].label}`);
  if (item.cased) return clean(`${base}, ${def.caseText ?? 'в кейсе'}`);
  return clean(base);
}

function itemSku(item: Item): string {
  if (item.kit) return item.spec.model + KITS[item.kit].sku;
  if (item.cased) return item.spec.model + caseSuffix(item.spec);
  return item.spec.model;
}

function itemPrice(item: Item): number {
  const s = item.spec;
  if (item.kit) {
    const kit = KITS[item.kit];
    return item.kit === 'solo' ? s.price : shopPrice(s.price + (s.voltage <= 12 ? kit.add12 : kit.add20));
  }
  if (item.cased) return shopPrice(s.price * 1.12 + 300);
  return s.price;
}

function itemImage(item: Item): string {
  const def = K[item.spec.kind];
  const suffix = item.spec.brand === 'DCK' ? '-dck' : item.spec.brand === 'P.I.T' ? '-pit' : def.neutral ? '' : '-pit';
  return `/images/products/${def.image}${suffix}.svg`;
}

function itemTexts(item: Item, r: Rng): { shortDescription: string; description: string } {
  const s = item.spec;
  const def = K[s.kind];
  let shortDescription = clean(cap(def.short(s, r)));
  if (shortDescription.length > 160) shortDescription = `${shortDescription.slice(0, 157).replace(/[\s,.;:]+\S*$/, '')}...`;
  const first = def.body(s, r).filter(Boolean).join(' ');
  const box = item.kit ? KITS[item.kit].text(s) : def.box ? def.box({ ...s, cased: item.cased }, r) : '';
  const second = [box, warranty(s, r)].filter(Boolean).join(' ');
  return { shortDescription, description: `${clean(first)}\n\n${clean(second)}` };
}

/** Realistic shop numbers for one product: stock, sales, age. No ratings: the shop has no reviews. */
function shopNumbers(r: Rng, fresh: boolean) {
  const roll = r();
  const stock = roll < 0.07 ? 0 : roll < 0.09 ? null : roll < 0.2 ? int(r, 1, 5) : 6 + Math.floor(r() ** 2 * 195);
  const selling = r() >= 0.25;
  // A draw once spent on a made-up rating: still taken, so the rest of the demo catalogue stays as the tests know it.
  if (selling) r();
  const regular = selling ? 1 + Math.floor(r() ** 2.5 * 250) : 0;
  const salesCount = selling ? Math.min(500, regular + Math.floor(r() ** 1.6 * 420)) : Math.floor(r() * 40);
  const createdDaysAgo = fresh ? int(r, 1, 28) : int(r, 35, 720);
  return { stock, salesCount, createdDaysAgo };
}

function discount(r: Rng, price: number): number {
  const pct = 0.05 + r() * 0.3;
  let original = shopPrice(price / (1 - pct));
  if (original <= price) original = shopPrice(price * 1.1);
  return original;
}

let demoCache: DemoProduct[] | null = null;

/** The demo catalogue: about 300 products, identical on every run. */
export function demoProducts(): DemoProduct[] {
  if (demoCache) return demoCache.map((p) => ({ ...p }));
  const r = mulberry32(20_240_917);
  const items = expand(FAMILIES);
  const slugs = new Set<string>();
  const products: DemoProduct[] = items.map((item) => {
    const s = item.spec;
    const name = itemName(item);
    const texts = itemTexts(item, r);
    const n = shopNumbers(r, s.fresh);
    const onRequest = s.onRequest && item.first;
    const price = onRequest ? null : itemPrice(item);
    const discounted = price !== null && chance(r, 0.2);
    const originalPrice = discounted ? discount(r, price) : null;
    const featured = s.featured && item.first;
    const isActive = !(s.inactive && item.first);
    const stock = featured ? Math.max(n.stock ?? 0, 12 + int(r, 0, 60)) : n.stock;
    const salesCount = featured ? Math.max(n.salesCount, 180 + int(r, 0, 200)) : n.salesCount;
    let tag: string | null = null;
    if (discounted && chance(r, 0.75)) tag = 'Акция';
    else if (n.createdDaysAgo <= 30) tag = 'Новинка';
    else if (salesCount >= 320) tag = 'Хит продаж';
    let slug = slugify(name);
    for (let i = 2; slugs.has(slug); i++) slug = `${slugify(name)}-${i}`;
    slugs.add(slug);
    return {
      slug,
      name,
      sku: itemSku(item),
      supplier: s.brand,
      tag,
      priceKopecks: price === null ? null : price * 100,
      originalPriceKopecks: originalPrice === null ? null : originalPrice * 100,
      stock,
      shortDescription: texts.shortDescription,
      description: texts.description,
      salesCount,
      isFeatured: featured,
      isActive,
      categorySlug: K[s.kind].category,
      imageUrl: itemImage(item),
      createdDaysAgo: n.createdDaysAgo,
    };
  });
  demoCache = products;
  return products.map((p) => ({ ...p }));
}

// ---------------------------------------------------------------------------------------------
// Benchmark catalogues

const SERIES = ['A', 'B', 'C', 'D', 'E', 'H', 'M', 'S', 'X'];
const SCALE = [0.8, 0.9, 1, 1, 1.1, 1.2, 1.35];

/**
 * A new model code in the family's style: KZC26 -> KZC34-E3, PSR20-C2 -> PSR47-C5; products
 * without a brand get a shop article such as RT-4821.
 */
function newModel(spec: Spec, r: Rng): string {
  if (!spec.brand) return `${spec.model.split('-')[0]}-${int(r, 100, 9999)}`;
  const prefix = /^[A-Z]+-?/.exec(spec.model)?.[0] ?? 'M';
  return `${prefix}${int(r, 10, 99)}-${pick(r, SERIES)}${int(r, 1, 9)}`;
}

/** Watts as catalogues print them: 360, 750, 1050, 2000. */
const roundPower = (n: number) => (n >= 1000 ? Math.round(n / 50) * 50 : Math.max(10, Math.round(n / 10) * 10));
const round1 = (n: number) => Math.round(n * 10) / 10;

const SET_KINDS = new Set<Kind>(['tool-set', 'bit-set', 'screwdriver-set']);
const TAPE_LENGTHS = [3, 5, 7.5, 8, 10];
const LEVEL_LENGTHS = [400, 600, 800, 1000, 1200, 1500, 2000];
const HAMMER_WEIGHTS = [300, 400, 500, 600, 800, 1000];

/** Hand tools without model codes in the name vary by size instead. */
function handToolSize(spec: Spec, r: Rng): Partial<Spec> {
  if (SET_KINDS.has(spec.kind)) return { count: Math.max(6, Math.round((spec.count * (0.6 + r() * 0.9)) / 2) * 2) };
  if (spec.kind === 'tape') return { range: pick(r, TAPE_LENGTHS), size: pick(r, [16, 19, 25]) };
  if (spec.kind === 'spirit-level') return { size: pick(r, LEVEL_LENGTHS) };
  if (spec.kind === 'hammer' && spec.size >= 10) return { size: pick(r, HAMMER_WEIGHTS) };
  return {};
}

function mutate(spec: Spec, r: Rng): Spec {
  const k = pick(r, SCALE);
  return {
    ...spec,
    ...handToolSize(spec, r),
    model: newModel(spec, r),
    price: shopPrice(spec.price * (0.7 + k * 0.3 + r() * 0.15)),
    power: spec.power ? roundPower(spec.power * k) : 0,
    torque: spec.torque ? Math.round(spec.torque * k) : 0,
    energy: spec.energy ? round1(spec.energy * k) : 0,
    weight: spec.weight ? round1(spec.weight * (0.85 + k * 0.15)) : 0,
    rpm: spec.rpm ? Math.round((spec.rpm * (0.9 + r() * 0.2)) / 10) * 10 : 0,
    depth: spec.depth ? Math.round(spec.depth * (0.9 + r() * 0.2)) : 0,
    brushless: spec.voltage ? chance(r, 0.4) : false,
    featured: false,
    onRequest: false,
    inactive: false,
    fresh: false,
  };
}

/**
 * `count` products for benchmarks: realistic, varied Russian names from the same vocabulary as the
 * demo (tool kinds × brands × new model numbers × specs × kits), unique SKUs and slugs that also
 * never collide with the demo catalogue. Products go to their kind's category when it is among
 * `categorySlugs`, otherwise they are spread over the given categories evenly.
 */
export function generateBenchmarkProducts(count: number, categorySlugs: string[], seed = 1): DemoProduct[] {
  if (categorySlugs.length === 0) throw new Error('generateBenchmarkProducts: no categories given');
  const r = mulberry32(seed);
  const demo = demoProducts();
  const skus = new Set(demo.map((p) => p.sku));
  const slugs = new Set(demo.map((p) => p.slug));
  const wanted = new Set(categorySlugs);
  const templates = expand(FAMILIES).filter((item) => !item.cased);
  const out: DemoProduct[] = new Array(count);

  for (let i = 0; i < count; i++) {
    const template = templates[Math.floor(r() * templates.length)];
    const spec = mutate(template.spec, r);
    const kit = spec.kits.length ? pick(r, spec.kits) : null;
    const cased = !kit && !!K[spec.kind].caseText && chance(r, 0.15);
    const item: Item = { spec, kit, cased, first: true };

    // A taken SKU gets a new model number; after a few misses, a numeric tail.
    for (let tries = 0; tries < 8 && skus.has(itemSku(item)); tries++) spec.model = newModel(spec, r);
    let sku = itemSku(item);
    for (let n = 2; skus.has(sku); n++) sku = `${itemSku(item)}.${n}`;
    skus.add(sku);
    const name = itemName(item);
    const base = slugify(name);
    let slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
    slugs.add(slug);

    const texts = itemTexts(item, r);
    const numbers = shopNumbers(r, chance(r, 0.05));
    const onRequest = chance(r, 0.004);
    const price = onRequest ? null : itemPrice(item);
    const discounted = price !== null && chance(r, 0.2);
    const originalPrice = discounted ? discount(r, price) : null;
    const category = K[spec.kind].category;
    let tag: string | null = null;
    if (discounted && chance(r, 0.6)) tag = 'Акция';
    else if (numbers.createdDaysAgo <= 30) tag = 'Новинка';
    else if (numbers.salesCount >= 350) tag = 'Хит продаж';

    out[i] = {
      slug,
      name,
      sku,
      supplier: spec.brand,
      tag,
      priceKopecks: price === null ? null : price * 100,
      originalPriceKopecks: originalPrice === null ? null : originalPrice * 100,
      stock: numbers.stock,
      shortDescription: texts.shortDescription,
      description: texts.description,
      salesCount: numbers.salesCount,
      isFeatured: chance(r, 0.003),
      isActive: !chance(r, 0.02),
      categorySlug: wanted.has(category) ? category : categorySlugs[i % categorySlugs.length],
      imageUrl: itemImage(item),
      createdDaysAgo: numbers.createdDaysAgo,
    };
  }
  return out;
}
