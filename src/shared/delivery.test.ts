import { describe, expect, it } from 'vitest';
import { customerStatusLabel, orderStatusesFor, statusMismatch } from './delivery.ts';

describe('customerStatusLabel', () => {
  it('reads a pickup order as waiting at the branch, then collected', () => {
    expect(customerStatusLabel('ready', 'pickup')).toBe('Готов к выдаче');
    expect(customerStatusLabel('delivered', 'pickup')).toBe('Получен');
    expect(customerStatusLabel('processing', 'pickup')).toBe('В обработке');
  });

  it('keeps the stored names for a delivered order', () => {
    expect(customerStatusLabel('shipped', 'delivery')).toBe('Отправлен');
    expect(customerStatusLabel('delivered', 'delivery')).toBe('Доставлен');
  });
});

describe('the statuses of each way of receiving', () => {
  it('a pickup order is made ready, never shipped; a delivery is shipped, never ready', () => {
    expect(orderStatusesFor('pickup')).toEqual(['pending', 'processing', 'ready', 'delivered', 'cancelled']);
    expect(orderStatusesFor('delivery')).toEqual(['pending', 'processing', 'shipped', 'delivered', 'cancelled']);
    expect(statusMismatch('shipped', 'pickup')).toMatch(/^Заказ с самовывозом не отправляют/);
    expect(statusMismatch('ready', 'delivery')).toMatch(/^Статус «Готов к выдаче» — для заказов с самовывозом/);
    expect(statusMismatch('ready', 'pickup')).toBeNull();
  });
});
