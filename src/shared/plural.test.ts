import { describe, expect, it } from 'vitest';
import { pluralRu, productsCount } from './plural.ts';

describe('plural', () => {
  it.each([
    [1, 'товар'],
    [2, 'товара'],
    [4, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [12, 'товаров'],
    [21, 'товар'],
    [22, 'товара'],
    [111, 'товаров'],
  ])('%i %s', (n, word) => {
    expect(pluralRu(n, 'товар', 'товара', 'товаров')).toBe(word);
  });
  it('writes the count with its word', () => expect(productsCount(32)).toBe('32 товара'));
});
