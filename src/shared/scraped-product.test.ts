import { describe, expect, it } from 'vitest';
import { productFieldsOf, sizeOfSpecs } from './scraped-product.ts';
import type { ProductCard } from './schemas/web-scraper.ts';

const card: ProductCard = {
  name: { value: 'Углошлифовальная машина DCK KDSM20-125', source: 'json-ld' },
  sku: { value: 'KDSM20-125', source: 'microdata' },
  brand: { value: 'DCK', source: 'json-ld' },
  priceKopecks: { value: 699000, source: 'json-ld' },
  currency: { value: 'RUB', source: 'json-ld' },
  availability: { value: 'in_stock', source: 'json-ld' },
  description: { value: 'Бесщёточная УШМ.\n\nДиск 125 мм.', source: 'json-ld' },
  shortDescription: { value: 'Бесщёточная УШМ для резки и шлифования.', source: 'page' },
  pictures: { value: ['https://dck-tools.example.ru/1.jpg'], source: 'opengraph' },
  specs: { value: [{ name: 'Диаметр диска', value: '125 мм' }, { name: 'Напряжение', value: '20 В' }], source: 'page' },
  breadcrumbs: { value: ['Инструмент', 'Шлифмашины'], source: 'microdata' },
  offers: {
    value: [
      { name: 'Без АКБ', sku: 'KDSM20-125TM', priceKopecks: 699000, currency: 'RUB', availability: 'in_stock' },
      { name: 'С 2 АКБ', sku: 'KDSM20-125EM', priceKopecks: 1499050, currency: 'RUB', availability: null },
    ],
    source: 'json-ld',
  },
};

describe('productFieldsOf', () => {
  it('fills the form from the card, the chosen offer and picture; the specifications are not description text', () => {
    const offer = card.offers!.value[1]!;
    expect(productFieldsOf(card, { supplier: 'DCK', brand: 'DCK', categoryId: 7 }, { offer, imageUrl: '/uploads/a.webp', imageSource: 'opengraph' })).toEqual({
      values: {
        name: 'Углошлифовальная машина DCK KDSM20-125',
        sku: 'KDSM20-125EM',
        price: 14990.5,
        supplier: 'DCK',
        brand: 'DCK',
        categoryId: 7,
        imageUrl: '/uploads/a.webp',
        shortDescription: 'Бесщёточная УШМ для резки и шлифования.',
        description: 'Бесщёточная УШМ.\n\nДиск 125 мм.',
      },
      sources: { name: 'json-ld', sku: 'json-ld', price: 'json-ld', supplier: 'json-ld', brand: 'json-ld', categoryId: 'microdata', imageUrl: 'opengraph', shortDescription: 'page', description: 'json-ld' },
    });
  });

  it('leaves the description empty when the page has none, whatever its specifications', () => {
    const { values, sources } = productFieldsOf({ ...card, description: null }, { supplier: null, brand: null, categoryId: null }, { offer: null, imageUrl: null, imageSource: null });
    expect(card.specs?.value.length).toBeGreaterThan(0);
    expect(values.description).toBeUndefined();
    expect(sources.description).toBeUndefined();
  });

  it('leaves out a price in another currency, and keeps texts within the form\'s limits', () => {
    const foreign: ProductCard = {
      ...card,
      offers: null,
      currency: { value: 'USD', source: 'json-ld' },
      shortDescription: { value: `${'слово '.repeat(120)}конец`, source: 'page' },
    };
    const { values, sources } = productFieldsOf(foreign, { supplier: null, brand: null, categoryId: null }, { offer: null, imageUrl: null, imageSource: null });
    expect(values.price).toBeUndefined();
    expect(sources.price).toBeUndefined();
    expect(values.sku).toBe('KDSM20-125');
    expect(sources.sku).toBe('microdata');
    expect(values.supplier).toBeUndefined();
    expect(values.categoryId).toBeUndefined();
    expect(values.shortDescription!.length).toBeLessThanOrEqual(500);
    expect(values.shortDescription).toMatch(/слово…$/);
  });

  it('takes the weight and size from the specification table’s «Вес» and «Габариты» rows, in the unit the row names', () => {
    const specs = [{ name: 'Диаметр диска', value: '125 мм' }, { name: 'Вес, кг', value: '2,4' }, { name: 'Габариты (ДхШхВ), мм', value: '380 x 310 x 110' }];
    const { values, sources } = productFieldsOf({ ...card, specs: { value: specs, source: 'page' } }, { supplier: null, brand: null, categoryId: null }, { offer: null, imageUrl: null, imageSource: null });
    expect(values).toMatchObject({ weightKg: 2.4, lengthCm: 38, widthCm: 31, heightCm: 11 });
    expect(sources).toMatchObject({ weightKg: 'page', lengthCm: 'page', widthCm: 'page', heightCm: 'page' });

    expect(sizeOfSpecs([{ name: 'Масса', value: '350 г' }, { name: 'Размеры упаковки', value: '30×20×10 см' }])).toEqual({
      weightGrams: 350,
      dimensions: { lengthMm: 300, widthMm: 200, heightMm: 100 },
    });
    // Rows that cannot be read, or none at all, give nothing: staff type the figures.
    expect(sizeOfSpecs([{ name: 'Вес', value: 'лёгкий' }, { name: 'Габариты', value: '30 на 20' }])).toEqual({ weightGrams: null, dimensions: null });
    expect(productFieldsOf(card, { supplier: null, brand: null, categoryId: null }, { offer: null, imageUrl: null, imageSource: null }).values.weightKg).toBeUndefined();
  });
});
