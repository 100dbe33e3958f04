import { describe, expect, it } from 'vitest';
import { customerStatusLabel } from './delivery.ts';

describe('customerStatusLabel', () => {
  it('reads a pickup order as waiting at the branch, then collected', () => {
    expect(customerStatusLabel('shipped', 'pickup')).toBe('Готов к выдаче');
    expect(customerStatusLabel('delivered', 'pickup')).toBe('Получен');
    expect(customerStatusLabel('processing', 'pickup')).toBe('В обработке');
  });

  it('keeps the stored names for a delivered order', () => {
    expect(customerStatusLabel('shipped', 'delivery')).toBe('Отправлен');
    expect(customerStatusLabel('delivered', 'delivery')).toBe('Доставлен');
  });
});
