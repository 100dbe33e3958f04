import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '#shared/schemas/catalog.ts';
import { filterChips } from './filter-labels.ts';
import { chosenFilters, filterHref, hasFilters, hrefWithout, hrefWithoutFilters, RANGE_MESSAGES, typedNumber } from './filter-params.ts';

const address = (text: string) => new URLSearchParams(text);
const BRANCHES = ['volgograd', 'rostov'];

describe('catalogue filters in the address', () => {
  it('asks the API for each filter, values sorted, numbers as typed in Russian read as numbers', () => {
    const chosen = chosenFilters(
      address('brand=P.I.T&brand=DCK&priceMin=1%20500&priceMax=&inStock=true&branch=rostov&attr.chuck=SDS-plus&attr.power.min=2,5&sort=price-low&page=3'),
      BRANCHES,
    );
    expect(chosen.request).toEqual({
      brand: ['DCK', 'P.I.T'],
      priceMin: ['1500'],
      inStock: ['true'],
      branch: ['rostov'],
      'attr.chuck': ['SDS-plus'],
      'attr.power.min': ['2.5'],
    });
    expect(chosen.errors).toEqual({});
    expect(chosen.count).toBe(7);
  });

  it('leaves out what cannot be asked, and says why when the customer typed it', () => {
    const chosen = chosenFilters(address('priceMin=дорого&priceMax=-5&attr.power.max=много&inStock=yes&branch=atlantis'), BRANCHES);
    expect(chosen.request).toEqual({});
    expect(chosen.errors).toEqual({ priceMin: 'Введите число', priceMax: 'Число не может быть отрицательным', 'attr.power.max': 'Введите число' });
    expect(chosen.count).toBe(0);
  });

  it('says when «от» is above «до» and asks neither end, so the list still shows; equal ends are asked', () => {
    const chosen = chosenFilters(address('priceMin=9 000&priceMax=3000&attr.power.min=2,5&attr.power.max=1&attr.weight.min=2&attr.weight.max=2&brand=DCK'), BRANCHES);
    expect(chosen.request).toEqual({ brand: ['DCK'], 'attr.weight.min': ['2'], 'attr.weight.max': ['2'] });
    const order = 'Значение «от» больше значения «до»';
    expect(chosen.errors).toEqual({ priceMin: order, priceMax: order, 'attr.power.min': order, 'attr.power.max': order });
    expect(chosen.count).toBe(3);
  });

  it('says a from–to field’s mistakes in the API’s own words', () => {
    expect({ number: RANGE_MESSAGES.number, negative: RANGE_MESSAGES.negative }).toEqual({ number: CATALOG_MESSAGES.number, negative: CATALOG_MESSAGES.negative });
  });

  it('reads numbers as people type them', () => {
    expect(typedNumber('1 100')).toBe('1100');
    expect(typedNumber('2,5')).toBe('2.5');
    expect(typedNumber('0.75')).toBe('0.75');
    expect(typedNumber('800 Вт')).toBeNull();
    expect(typedNumber('')).toBeNull();
  });

  it('builds addresses that start at page 1 and keep the sort, query and view', () => {
    const current = address('query=дрель&brand=DCK&brand=P.I.T&priceMin=100&priceMax=&sort=price-low&page=4&view=list');
    expect(filterHref('/products', current)).toBe('/products?query=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C&brand=DCK&brand=P.I.T&priceMin=100&sort=price-low&view=list');
    expect(hrefWithout('/products', current, ['brand'], 'DCK')).toBe(
      '/products?query=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C&brand=P.I.T&priceMin=100&sort=price-low&view=list',
    );
    expect(hrefWithout('/products', current, ['priceMin', 'priceMax'])).toBe(
      '/products?query=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C&brand=DCK&brand=P.I.T&sort=price-low&view=list',
    );
    expect(hrefWithoutFilters('/products', current)).toBe('/products?query=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C&sort=price-low&view=list');
  });

  it('tells a filtered address from the category’s own (search engines see one per category)', () => {
    expect(hasFilters(address('page=2&sort=newest'))).toBe(false);
    expect(hasFilters(address('priceMin=&priceMax='))).toBe(false);
    expect(hasFilters(address('attr.chuck=SDS-plus'))).toBe(true);
  });
});

describe('chips of the chosen filters', () => {
  const branches = [{ id: 1, slug: 'rostov', city: 'Ростов-на-Дону', cityIn: 'Ростове-на-Дону', address: '', phone: '', workingHours: '', pickup: true, latitude: null, longitude: null }];

  it('names each filter as the panel does, with units and Russian numbers (thousands set off by a no-break space)', () => {
    const chosen = chosenFilters(
      address('priceMin=1000&priceMax=25000&inStock=true&branch=rostov&brand=DCK&attr.chuck=SDS-plus&attr.power.min=800&attr.power.max=1100&attr.old=x'),
      ['rostov'],
    );
    const facets = [
      { slug: 'power', name: 'Мощность', unit: 'Вт', kind: 'number' as const, min: 500, max: 1500 },
      { slug: 'chuck', name: 'Патрон', unit: null, kind: 'text' as const, values: [{ value: 'SDS-plus', count: 3 }] },
    ];
    expect(filterChips(chosen, facets, branches).map((c) => c.label)).toEqual([
      'Цена: от 1\u00a0000 до 25\u00a0000 ₽',
      'В наличии',
      'В наличии в Ростове-на-Дону',
      'Бренд: DCK',
      'Мощность: от 800 до 1\u00a0100 Вт',
      'Патрон: SDS-plus',
      'old: x',
    ]);
  });
});
