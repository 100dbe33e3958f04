import { describe, expect, it } from 'vitest';
import { discountPercent, formatRub, hasPrice } from './money.ts';
import { adminPageItems, pageItems } from './pagination.ts';
import { AddCartItemSchema } from './schemas/cart.ts';
import { CheckoutFormSchema } from './schemas/checkout.ts';
import { pluralRu, productsCount } from './plural.ts';
import { isIdLike, slugify } from './slug.ts';
import { categoryCardName, truncate } from './text.ts';

// Intl puts a no-break space between digit groups and before the sign.
const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('money', () => {
  it('formats whole roubles the Russian way', () => {
    expect(formatRub(12990)).toBe(nb('12 990 ₽'));
    expect(formatRub(500.4)).toBe(nb('500 ₽'));
  });
  it('treats zero and missing prices as "price on request"', () => {
    expect(hasPrice(0)).toBe(false);
    expect(hasPrice(null)).toBe(false);
    expect(hasPrice(1)).toBe(true);
  });
  it('rounds the discount percent', () => {
    expect(discountPercent(6990, 9990)).toBe(30);
    expect(discountPercent(9990, 9990)).toBe(0);
    expect(discountPercent(9990, null)).toBe(0);
  });
});

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

describe('slug', () => {
  it('transliterates Russian names', () => {
    expect(slugify('Перфоратор DCK KZC26 SDS-plus 800 Вт')).toBe('perforator-dck-kzc26-sds-plus-800-vt');
    expect(slugify('Дрели-шуруповёрты')).toBe('dreli-shurupoverty');
    expect(slugify('  Щётка, ёж & чаща!  ')).toBe('schetka-ezh-chascha');
  });
  it('tells ids from slugs', () => {
    expect(isIdLike('123')).toBe(true);
    expect(isIdLike('123-a')).toBe(false);
  });
});

describe('text', () => {
  it('cuts category names over 20 characters to 17 plus an ellipsis', () => {
    expect(categoryCardName('Измерительный инструмент')).toBe('Измерительный инс...');
    expect(categoryCardName('Пилы и лобзики')).toBe('Пилы и лобзики');
    expect(categoryCardName('12345678901234567890')).toBe('12345678901234567890');
  });
  it('truncates with the given limit', () => expect(truncate('абвгде', 3)).toBe('абв...'));
});

describe('pagination', () => {
  it('shows every page when there are few', () => expect(pageItems(2, 5, 7)).toEqual([1, 2, 3, 4, 5]));
  it('shows at most 7 buttons with ellipses around the current page', () => {
    expect(pageItems(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 20]);
    expect(pageItems(10, 20, 7)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
    expect(pageItems(20, 20, 7)).toEqual([1, 'ellipsis-start', 15, 16, 17, 18, 19, 20]);
  });
  it('admin lists: a window of 5 around the current page, then the last page', () => {
    expect(adminPageItems(1, 12, 5)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 12]);
    expect(adminPageItems(7, 12, 5)).toEqual([5, 6, 7, 8, 9, 'ellipsis-end', 12]);
    expect(adminPageItems(12, 12, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(adminPageItems(2, 3, 5)).toEqual([1, 2, 3]);
  });
});

describe('checkout schema (Reading A)', () => {
  const valid = {
    customerName: 'Иван',
    customerEmail: 'ivan@example.ru',
    customerPhone: '+7 (900) 123-45-67',
    address: 'ул. Мира, 5',
    city: 'Волгоград',
    postalCode: '400005',
    paymentMethod: 'cash',
    consent: true,
  };
  const messageFor = (patch: Record<string, unknown>) => {
    const result = CheckoutFormSchema.safeParse({ ...valid, ...patch });
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('accepts a complete form, with notes optional, and trims', () => {
    const parsed = CheckoutFormSchema.parse({ ...valid, customerName: '  Иван  ' });
    expect(parsed.customerName).toBe('Иван');
    expect(parsed.notes).toBeUndefined();
  });

  it('answers with the spec messages', () => {
    expect(messageFor({ customerName: ' И ' })).toBe('Имя должно быть не менее 2 символов');
    expect(messageFor({ customerEmail: 'ivan@' })).toBe('Пожалуйста, введите корректный email');
    expect(messageFor({ customerPhone: '12-3' })).toBe('Пожалуйста, введите корректный номер телефона');
    expect(messageFor({ customerPhone: 'позвоните мне' })).toBe('Пожалуйста, введите корректный номер телефона');
    expect(messageFor({ address: 'ул.' })).toBe('Адрес должен быть не менее 5 символов');
    expect(messageFor({ city: '' })).toBe('Пожалуйста, введите название города');
    expect(messageFor({ postalCode: '4000' })).toBe('Почтовый индекс должен быть не менее 5 символов');
    expect(messageFor({ paymentMethod: undefined })).toBe('Пожалуйста, выберите способ оплаты');
    expect(messageFor({ consent: false })).toBe('Необходимо согласие на обработку персональных данных');
  });

  it('takes 1 as the default quantity of an added product', () => {
    expect(AddCartItemSchema.parse({ cartId: 'a3bb189e-8bf9-4888-9912-ace4e6543002', productId: 5 }).quantity).toBe(1);
  });
});
