import { describe, expect, it } from 'vitest';
import { adminProductStatus } from './status.ts';

describe('admin display status (spec 4)', () => {
  it.each([
    [{ isActive: false, stock: 100 }, 'Неактивен'],
    [{ isActive: false, stock: 0 }, 'Неактивен'],
    [{ isActive: true, stock: null }, 'Нет в наличии'],
    [{ isActive: true, stock: 0 }, 'Нет в наличии'],
    [{ isActive: true, stock: -2 }, 'Нет в наличии'],
    [{ isActive: true, stock: 1 }, 'Мало на складе'],
    [{ isActive: true, stock: 5 }, 'Мало на складе'],
    [{ isActive: true, stock: 6 }, 'Активен'],
  ])('%o is %s', (product, label) => {
    expect(adminProductStatus(product).label).toBe(label);
  });
});
