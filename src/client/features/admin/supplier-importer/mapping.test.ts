import { describe, expect, it } from 'vitest';
import { assignColumn, fieldOfColumn } from './mapping.ts';

describe('column mapping of the importer screen', () => {
  it('keeps a field in one column and a column to one field', () => {
    const mapping = { sku: 0, price: 2 };
    expect(assignColumn(mapping, 1, 'price')).toEqual({ sku: 0, price: 1 });
    expect(assignColumn(mapping, 0, 'name')).toEqual({ name: 0, price: 2 });
    expect(assignColumn(mapping, 2, null)).toEqual({ sku: 0 });
    expect(fieldOfColumn(mapping, 2)).toBe('price');
    expect(fieldOfColumn(mapping, 1)).toBeNull();
  });

  it('maps a branch’s own stock column like any field', () => {
    const mapping = assignColumn({ sku: 0, stock: 3 }, 4, 'stock:rostov-na-donu');
    expect(mapping).toEqual({ sku: 0, stock: 3, 'stock:rostov-na-donu': 4 });
    expect(fieldOfColumn(mapping, 4)).toBe('stock:rostov-na-donu');
    expect(assignColumn(mapping, 5, 'stock:rostov-na-donu')).toEqual({ sku: 0, stock: 3, 'stock:rostov-na-donu': 5 });
  });

});
