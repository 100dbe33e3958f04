import { describe, expect, it } from 'vitest';
import { attributeAliasOf, inferAttributeKind, parseAttributeValue, splitAttributeName } from './attributes.ts';

describe('attribute names', () => {
  it('splits a unit written after a comma or in brackets', () => {
    expect(splitAttributeName('Потребляемая мощность, Вт')).toEqual({ name: 'Потребляемая мощность', unit: 'Вт' });
    expect(splitAttributeName('Мощность (Вт)')).toEqual({ name: 'Мощность', unit: 'Вт' });
    expect(splitAttributeName('  Тип   патрона: ')).toEqual({ name: 'Тип патрона', unit: null });
    // A comma followed by digits is part of the name, not a unit.
    expect(splitAttributeName('Диаметр, 125')).toEqual({ name: 'Диаметр, 125', unit: null });
  });

  it('matches spellings case- and «ё»-insensitively, without the unit', () => {
    expect(attributeAliasOf('Мощность, Вт')).toBe(attributeAliasOf('мощность'));
    expect(attributeAliasOf('Объём бака (л)')).toBe('объем бака');
  });
});

describe('attribute values', () => {
  it('reads numbers written the Russian and the English way, with their unit', () => {
    expect(parseAttributeValue('number', '1 100 Вт')).toEqual({ value: '1100', number: 1100, unit: 'Вт' });
    expect(parseAttributeValue('number', '2.5')).toEqual({ value: '2,5', number: 2.5, unit: null });
    expect(parseAttributeValue('number', '2,5 кг')).toEqual({ value: '2,5', number: 2.5, unit: 'кг' });
    expect(parseAttributeValue('number', 'SDS-plus')).toBeNull();
  });

  it('keeps a number given in another unit of its quantity in the attribute’s unit', () => {
    expect(parseAttributeValue('number', '1,5 кВт', { attribute: 'Вт' })).toMatchObject({ value: '1500', number: 1500 });
    expect(parseAttributeValue('number', '1,1 кВт', { attribute: 'Вт' })?.number).toBe(1100);
    // No unit of its own: the one its source names («Вес, г»).
    expect(parseAttributeValue('number', '500', { attribute: 'кг', source: 'г' })).toMatchObject({ value: '0,5', number: 0.5 });
    expect(parseAttributeValue('number', '2 Ач', { attribute: 'мА·ч' })?.number).toBe(2000);
    // The same unit, an unknown one or none at all: the number as written.
    expect(parseAttributeValue('number', '800 Вт', { attribute: 'Вт' })?.number).toBe(800);
    expect(parseAttributeValue('number', '2 скорости', { attribute: null })?.number).toBe(2);
    expect(parseAttributeValue('number', '3 л.с.', { attribute: 'Вт' })?.number).toBe(3);
  });

  it('reads yes and no in their usual spellings, nothing else', () => {
    expect(parseAttributeValue('boolean', 'есть')?.value).toBe('Да');
    expect(parseAttributeValue('boolean', 'НЕТ')?.value).toBe('Нет');
    expect(parseAttributeValue('boolean', 'иногда')).toBeNull();
  });

  it('keeps text with single spaces and refuses what is too long to be a characteristic', () => {
    expect(parseAttributeValue('text', '  SDS-plus   ')?.value).toBe('SDS-plus');
    expect(parseAttributeValue('text', 'а'.repeat(201))).toBeNull();
    expect(parseAttributeValue('text', '   ')).toBeNull();
  });

  it('guesses a new attribute’s kind from its values', () => {
    expect(inferAttributeKind(['800 Вт', '1 100 Вт'])).toBe('number');
    expect(inferAttributeKind(['да', 'нет'])).toBe('boolean');
    expect(inferAttributeKind(['1'])).toBe('number');
    expect(inferAttributeKind(['SDS-plus', '18 В'])).toBe('text');
    expect(inferAttributeKind([])).toBe('text');
  });
});
