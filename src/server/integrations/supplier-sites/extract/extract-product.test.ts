import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { FieldSource, ProductCard } from '#shared/schemas/web-scraper.ts';
import { extractProduct } from './extract-product.ts';
import { htmlToText } from './html-text.ts';
import { namesProduct, parseAvailability, parseCurrency, parsePriceKopecks } from './values.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const card = (name: string, url: string) => extractProduct({ html: fixture(name), url, contentType: 'text/html; charset=utf-8' });

type CardValues = { [K in keyof ProductCard]: NonNullable<ProductCard[K]>['value'] | null };

/** The card of a page whose fields came from `source`, but those `elsewhere` names; a null value is a field the page does not give. */
function cardFrom(source: FieldSource, values: CardValues, elsewhere: Partial<Record<keyof ProductCard, FieldSource>> = {}): ProductCard {
  const field = (key: keyof ProductCard) => (values[key] === null ? null : { value: values[key], source: elsewhere[key] ?? source });
  return Object.fromEntries(Object.keys(values).map((key) => [key, field(key as keyof ProductCard)])) as ProductCard;
}

const DCK = 'https://dck-tools.example.ru';
const PIT = 'https://pit-tools.example.ru';

describe('extractProduct: fixture pages as shops write them', () => {
  it('JSON-LD @graph: the product named by the page, its offer by @id, pictures largest first', () => {
    expect(card('dck-json-ld-graph.html', `${DCK}/catalog/akkumulyatornyy-instrument/dreli-shurupoverty/kdjz20-13-type-em/`)).toEqual(
      cardFrom('json-ld', {
        name: 'Дрель-шуруповёрт аккумуляторная DCK KDJZ20-13 (Type EM)',
        sku: 'KDJZ20-13EM',
        brand: 'DCK',
        priceKopecks: 899000,
        currency: 'RUB',
        availability: 'in_stock',
        description:
          'Аккумуляторная дрель-шуруповёрт DCK KDJZ20-13 предназначена для сверления отверстий в дереве, металле и пластике, а также для заворачивания и выкручивания крепежа.\n' +
          'Двухскоростной редуктор и 20 положений муфты позволяют точно подобрать режим под задачу.\n\n' +
          'В комплекте: 2 аккумулятора 2,0 Ач, зарядное устройство, кейс.',
        shortDescription: 'Аккумуляторная дрель-шуруповёрт DCK KDJZ20-13 предназначена для сверления отверстий в дереве, металле и пластике, а также для заворачивания и выкручивания крепежа.',
        pictures: [`${DCK}/upload/iblock/3f2/kdjz20-13-main.jpg`, `${DCK}/upload/iblock/3f2/kdjz20-13-side.jpg`, `${DCK}/upload/iblock/3f2/kdjz20-13-case.jpg`],
        specs: [
          { name: 'Напряжение аккумулятора', value: '20 В' },
          { name: 'Максимальный крутящий момент', value: '45 Н·м' },
          { name: 'Частота вращения холостого хода', value: '0–400 / 0–1500 об/мин' },
          { name: 'Патрон', value: 'быстрозажимной, 1,5–13 мм' },
          { name: 'Ёмкость аккумулятора', value: '2,0 А·ч' },
          { name: 'Масса', value: '1,4 кг' },
        ],
        breadcrumbs: ['Каталог', 'Аккумуляторный инструмент', 'Дрели-шуруповёрты'],
        offers: null,
      }),
    );
  });

  it('microdata only: the outer product, not the accessory nested in it', () => {
    expect(card('pit-microdata.html', `${PIT}/catalog/elektroinstrument/perforatory/pbh26-c1/`)).toEqual(
      cardFrom('microdata', {
        name: 'Перфоратор P.I.T. PBH26-C1',
        sku: 'PBH26-C1',
        brand: 'P.I.T.',
        priceKopecks: 749000,
        currency: 'RUB',
        availability: 'in_stock',
        description:
          'Перфоратор P.I.T. PBH26-C1 предназначен для сверления отверстий в бетоне, кирпиче и камне, а также для лёгких долбёжных работ.\n\n' +
          '— три режима работы: сверление, сверление с ударом, долбление;\n— энергия удара 3 Дж;\n— предохранительная муфта защищает от заклинивания бура.',
        shortDescription: 'Перфоратор P.I.T. PBH26-C1 предназначен для сверления отверстий в бетоне, кирпиче и камне, а также для лёгких долбёжных работ.',
        pictures: [`${PIT}/upload/iblock/pbh26-c1/1600x1600.jpg`, `${PIT}/upload/iblock/pbh26-c1/in-case.jpg`],
        specs: [
          { name: 'Мощность', value: '800 Вт' },
          { name: 'Энергия удара', value: '3 Дж' },
          { name: 'Патрон', value: 'SDS-plus' },
          { name: 'Максимальный диаметр сверления (бетон)', value: '26 мм' },
        ],
        breadcrumbs: ['Каталог', 'Электроинструмент', 'Перфораторы'],
        offers: null,
      }),
    );
  });

  it('Open Graph only: product tags first, the layout fills in the SKU, specifications and path', () => {
    expect(card('pit-open-graph.html', `${PIT}/product/pila-torcovochnaya-pms210-c`)).toEqual(
      cardFrom(
        'opengraph',
        {
          name: 'Пила торцовочная P.I.T. PMS210-C',
          sku: 'PMS210-C',
          brand: 'P.I.T.',
          priceKopecks: 1549000,
          currency: 'RUB',
          availability: 'out_of_stock',
          description: 'Торцовочная пила с протяжкой: диск 210 мм, мощность 1500 Вт, лазерный указатель линии реза.',
          shortDescription: 'Торцовочная пила с протяжкой: диск 210 мм, мощность 1500 Вт, лазерный указатель линии реза.',
          pictures: ['https://cdn.pit-tools.example.ru/products/pms210-c/work-1400.jpg', 'https://cdn.pit-tools.example.ru/products/pms210-c/front-1000.jpg'],
          specs: [
            { name: 'Мощность', value: '1500 Вт' },
            { name: 'Диаметр диска', value: '210 мм' },
            { name: 'Посадочный диаметр', value: '30 мм' },
            { name: 'Частота вращения', value: '5000 об/мин' },
          ],
          breadcrumbs: ['Пилы', 'Торцовочные пилы'],
          offers: null,
        },
        { sku: 'page', specs: 'page', breadcrumbs: 'page' },
      ),
    );
  });

  it('no markup: heading, current (not old) price, gallery links, the specification table (not the delivery one)', () => {
    expect(card('dck-spec-table.html', `${DCK}/catalog/elektroinstrument/pily-diskovye/kmy02-185/`)).toEqual(
      cardFrom('page', {
        name: 'Пила дисковая DCK KMY02-185',
        sku: 'KMY02-185',
        brand: 'DCK',
        priceKopecks: 629000,
        currency: 'RUB',
        availability: 'in_stock',
        description:
          'Дисковая пила DCK KMY02-185 предназначена для продольного и поперечного распила древесины и древесных плит.\n\n' +
          'Регулировка глубины пропила до 65 мм и наклона до 45°.\nПодключение пылесоса через патрубок.',
        shortDescription: 'Дисковая пила DCK KMY02-185 предназначена для продольного и поперечного распила древесины и древесных плит.',
        pictures: [`${DCK}/upload/iblock/9c1/kmy02-185-1.jpg`, `${DCK}/upload/iblock/9c1/kmy02-185-2.jpg`],
        specs: [
          { name: 'Мощность', value: '1200 Вт' },
          { name: 'Диаметр диска', value: '185 мм' },
          { name: 'Глубина пропила (90°)', value: '65 мм' },
          { name: 'Частота вращения', value: '5500 об/мин' },
          { name: 'Масса', value: '3,9 кг' },
          { name: 'Производитель', value: 'DCK' },
        ],
        breadcrumbs: ['Каталог', 'Электроинструмент', 'Пилы дисковые'],
        offers: null,
      }),
    );
  });

  it('several offers: an array of blocks, an AggregateOffer listing each configuration', () => {
    expect(card('dck-several-offers.html', `${DCK}/catalog/akkumulyatornyy-instrument/ushm/kdsm20-125/`)).toEqual(
      cardFrom('json-ld', {
        name: 'Углошлифовальная машина аккумуляторная DCK KDSM20-125',
        sku: 'KDSM20-125TM',
        brand: 'DCK',
        priceKopecks: 699000,
        currency: 'RUB',
        availability: 'in_stock',
        description: 'Бесщёточная аккумуляторная УШМ для резки и шлифования металла и камня дисками 125 мм.',
        shortDescription: 'Бесщёточная аккумуляторная УШМ для резки и шлифования металла и камня дисками 125 мм.',
        pictures: [`${DCK}/upload/iblock/7aa/kdsm20-125.jpg`],
        specs: null,
        breadcrumbs: ['Аккумуляторный инструмент', 'Углошлифовальные машины'],
        offers: [
          { name: 'KDSM20-125 (Type TM) — без аккумулятора и зарядного устройства', sku: 'KDSM20-125TM', priceKopecks: 699000, currency: 'RUB', availability: 'in_stock' },
          { name: 'KDSM20-125 (Type EM) — 2 аккумулятора 4,0 А·ч и зарядное устройство', sku: 'KDSM20-125EM', priceKopecks: 1499000, currency: 'RUB', availability: 'out_of_stock' },
        ],
      }),
    );
  });

  it('a broken page: bad JSON-LD skipped, unclosed tags and garbage read as a browser would', () => {
    expect(card('pit-broken.html', `${PIT}/catalog/gaykoverty/piw20h-500b.html`)).toEqual(
      cardFrom('page', {
        name: 'Гайковёрт ударный аккумуляторный P.I.T. PIW20H-500B',
        sku: 'PIW20H-500B',
        brand: null,
        priceKopecks: 1249000,
        currency: 'RUB',
        availability: 'out_of_stock',
        description: 'Мощный ударный гайковёрт для шиномонтажа и монтажа металлоконструкций.\n\nБесщёточный двигатель, момент затяжки до 500 Н·м, три скорости.',
        shortDescription: 'Мощный ударный гайковёрт для шиномонтажа и монтажа металлоконструкций.',
        pictures: [`${PIT}/img/piw20h-500b.jpg`, `${PIT}/img/piw20h-500b-2.jpg`],
        specs: [
          { name: 'Напряжение', value: '20 В' },
          { name: 'Момент затяжки', value: '500 Н·м' },
          { name: 'Посадка', value: 'квадрат 1/2"' },
        ],
        breadcrumbs: ['Каталог', 'Гайковёрты'],
        offers: null,
      }),
    );
  });

  it('gives an empty card for a page that is not a product', () => {
    const empty = extractProduct({ html: '<html><body><p>Страница не найдена</p></body></html>', url: `${DCK}/404` });
    expect(Object.values(empty).every((field) => field === null)).toBe(true);
  });
});

describe('reading a page', () => {
  it('decodes windows-1251 by the Content-Type charset or the meta tag, and UTF-8 by default', () => {
    const html = '<html><head><title>Пила</title></head><body><h1>Пила дисковая DCK KMY02-185</h1></body></html>';
    const cp1251 = iconv.encode(html, 'windows-1251');
    expect(extractProduct({ html: cp1251, url: DCK, contentType: 'text/html; charset=windows-1251' }).name?.value).toBe('Пила дисковая DCK KMY02-185');
    const withMeta = iconv.encode(html.replace('<head>', '<head><meta charset="windows-1251">'), 'windows-1251');
    expect(extractProduct({ html: withMeta, url: DCK, contentType: 'text/html' }).name?.value).toBe('Пила дисковая DCK KMY02-185');
    expect(extractProduct({ html: Buffer.from(html), url: DCK, contentType: 'text/html' }).name?.value).toBe('Пила дисковая DCK KMY02-185');
  });

  it('resolves pictures against <base href>', () => {
    const html = '<html><head><base href="https://static.dck-tools.example.ru/"></head><body><div class="gallery"><img src="img/1.jpg"></div></body></html>';
    expect(extractProduct({ html, url: `${DCK}/catalog/x/` }).pictures?.value).toEqual(['https://static.dck-tools.example.ru/img/1.jpg']);
  });
});

describe('values as pages write them', () => {
  it('prices in kopecks', () => {
    expect([12990, '12990.00', '12 990,00', '12\u00a0990 ₽', '1,299.50', '1.299,50', '0', 'по запросу', -5].map(parsePriceKopecks)).toEqual([
      1299000, 1299000, 1299000, 1299000, 129950, 129950, undefined, undefined, undefined,
    ]);
  });

  it('currencies and availability', () => {
    expect(['RUB', 'rur', '₽', 'руб.', 'USD', 'рублей', 'xx'].map(parseCurrency)).toEqual(['RUB', 'RUB', 'RUB', 'RUB', 'USD', 'RUB', undefined]);
    expect(['https://schema.org/InStock', 'http://schema.org/OutOfStock', 'InStock', 'in stock', 'oos', 'schema:LimitedAvailability', 'preorder', 'maybe'].map(parseAvailability)).toEqual([
      'in_stock', 'out_of_stock', 'in_stock', 'in_stock', 'out_of_stock', 'in_stock', 'out_of_stock', undefined,
    ]);
  });

  it('descriptions as clean text: no markup, scripts or styles survive', () => {
    expect(htmlToText('<h3>Особенности</h3><p>Мощный <b>двигатель</b>.<script>alert(1)</script></p><ul><li>кейс</li><li>2 АКБ</li></ul><style>p{}</style><img src=x onerror=alert(1)>')).toBe(
      'Особенности\n\nМощный двигатель.\n\n— кейс\n— 2 АКБ',
    );
    expect(htmlToText('Строка 1\r\n\r\n\r\nСтрока &amp; 2')).toBe('Строка 1\n\nСтрока & 2');
  });
});

describe('namesProduct: the trail’s last crumb that is the product itself', () => {
  const name = 'Перфоратор сетевой DCK KZC26 SDS-plus, 800 Вт';
  it('is the product by its SKU, its whole name or its name cut short', () => {
    expect(namesProduct('KZC26', name, 'KZC26')).toBe(true);
    expect(namesProduct('Перфоратор DCK KZC26…', name, 'KZC26')).toBe(true);
    expect(namesProduct('перфоратор сетевой dck kzc26 sds plus 800 вт', name, undefined)).toBe(true);
    expect(namesProduct('Перфоратор сетевой DCK…', name, undefined)).toBe(true);
  });

  it('is a category otherwise, even one word the name starts with', () => {
    expect(namesProduct('Перфораторы', name, 'KZC26')).toBe(false);
    expect(namesProduct('Перфоратор', name, 'KZC26')).toBe(false);
    expect(namesProduct('Перфораторы DCK', name, 'KZC2')).toBe(false);
  });
});
