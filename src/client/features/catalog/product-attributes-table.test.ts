import { describe, expect, it } from 'vitest';
import { sizeRows } from './product-attributes-table.tsx';

const shown = (rows: ReturnType<typeof sizeRows>) => rows.map((r) => `${r.group} / ${r.name}: ${r.value}`);

describe('the product page’s weight and size rows', () => {
  it('shows the product’s own weight and dimensions the Russian way', () => {
    expect(shown(sizeRows({ weightKg: 2.4, lengthCm: 38, widthCm: 31, heightCm: 11.5 }, []))).toEqual([
      'Габариты и вес / Вес: 2,4 кг',
      'Габариты и вес / Габариты: 38 × 31 × 11,5 см',
    ]);
  });

  it('does not repeat a weight a characteristic already gives, nor show dimensions with a side missing', () => {
    const characteristic = { slug: 'ves', name: 'Вес, кг', group: 'Основные', value: '2,1', unit: null };
    expect(shown(sizeRows({ weightKg: 2.4, lengthCm: 38, widthCm: null, heightCm: 11 }, [characteristic]))).toEqual([]);
    expect(shown(sizeRows({ weightKg: 0.35, lengthCm: null, widthCm: null, heightCm: null }, []))).toEqual(['Габариты и вес / Вес: 350 г']);
  });

  it('stands beside the product’s own size characteristics, in their group', () => {
    const length = { slug: 'dlina', name: 'Длина', group: 'Размеры', value: '380', unit: 'мм' };
    expect(shown(sizeRows({ weightKg: 2.4, lengthCm: 38, widthCm: 31, heightCm: 11 }, [length]))).toEqual(['Размеры / Вес: 2,4 кг', 'Размеры / Габариты: 38 × 31 × 11 см']);
  });
});
