import { describe, expect, it } from 'vitest';
import { formatDimensions, formatWeight, readDimensionsMm, readSideMm, readWeightGrams, unitInHeader } from './parcel-size.ts';

describe('weight and size as suppliers write them', () => {
  it('reads a weight in kilograms by default, in the unit the cell or the header names', () => {
    expect(readWeightGrams('2,4')).toEqual({ value: 2400 });
    expect(readWeightGrams('2.4 кг')).toEqual({ value: 2400 });
    expect(readWeightGrams('2400 г')).toEqual({ value: 2400 });
    expect(readWeightGrams('350', unitInHeader('Вес, г', ['кг', 'г'] as const) ?? 'кг')).toEqual({ value: 350 });
    expect(readWeightGrams('')).toEqual({ value: null });
    expect(readWeightGrams('—')).toEqual({ value: null });
  });

  it('refuses a weight it cannot read, of nothing, or beyond 1000 kg, in Russian', () => {
    expect(readWeightGrams('тяжёлый')).toEqual({ error: 'Не удалось прочитать вес «тяжёлый»: напишите, например, «2,4 кг» или «2400 г»' });
    expect(readWeightGrams('0')).toEqual({ error: 'Вес должен быть больше нуля: «0»' });
    expect(readWeightGrams('1500')).toEqual({ error: 'Слишком большой вес: не больше 1000 кг: «1500»' });
  });

  it('reads dimensions with ×, x, х, * or / between the sides, in centimetres unless said', () => {
    const sides = { lengthMm: 300, widthMm: 200, heightMm: 100 };
    expect(readDimensionsMm('30x20x10')).toEqual({ value: sides });
    expect(readDimensionsMm('30 × 20 × 10 см')).toEqual({ value: sides });
    expect(readDimensionsMm('30/20/10')).toEqual({ value: sides });
    expect(readDimensionsMm('300х200х100 мм')).toEqual({ value: sides });
    expect(readDimensionsMm('300*200*100', 'мм')).toEqual({ value: sides });
    expect(readDimensionsMm('30,5x20x10')).toEqual({ value: { ...sides, lengthMm: 305 } });
    expect(readDimensionsMm('30x20')).toEqual({ error: 'Не удалось прочитать габариты «30x20»: напишите длину, ширину и высоту, например «30×20×10 см»' });
    expect(readDimensionsMm('600x20x10')).toEqual({ error: 'Слишком большой размер: не больше 500 см: «600x20x10»' });
    expect(readSideMm('1,2 м')).toEqual({ value: 1200 });
  });

  it('shows them the Russian way', () => {
    expect(formatWeight(2400)).toBe('2,4 кг');
    expect(formatWeight(350)).toBe('350 г');
    expect(formatDimensions(305, 200, 100)).toBe('30,5 × 20 × 10 см');
  });
});
