import { describe, expect, it } from 'vitest';
import { availabilityIn } from './availability.ts';

const rostov = { id: 2, cityIn: 'Ростове-на-Дону' };
const stock = (...quantities: number[]) => quantities.map((quantity, i) => ({ branchId: i + 1, city: `Город ${i + 1}`, quantity }));

describe('availabilityIn', () => {
  it('names the customer’s city and its quantity when it has the product', () => {
    expect(availabilityIn(stock(10, 4, 0), rostov)).toEqual({ kind: 'here', text: 'В наличии в Ростове-на-Дону: 4 шт.' });
  });

  it('counts the other branches in correct Russian when the city has none', () => {
    expect(availabilityIn(stock(5, 0), rostov).text).toBe('Нет в вашем городе, есть в 1 филиале');
    expect(availabilityIn(stock(5, 0, 1, 2), rostov).text).toBe('Нет в вашем городе, есть в 3 филиалах');
    expect(availabilityIn(stock(5, 0, 1, 2, 3, 4), rostov).text).toBe('Нет в вашем городе, есть в 5 филиалах');
  });

  it('is out of stock when no branch has it', () => {
    expect(availabilityIn(stock(0, 0, 0), rostov)).toEqual({ kind: 'none', text: 'Нет в наличии' });
    expect(availabilityIn([], null).text).toBe('Нет в наличии');
  });
});
