import { describe, expect, it } from 'vitest';
import { computeOrderTotals, computeOrderTotalsKopecks } from './order-totals.ts';
import { CheckoutFormSchema } from './schemas/checkout.ts';
import { AddCartItemSchema } from './schemas/cart.ts';

describe('order totals (spec 9)', () => {
  it('adds 20 % VAT on top and 500 ₽ delivery below the threshold', () => {
    expect(computeOrderTotals(4900, 7500)).toEqual({ subtotal: 4900, vat: 980, delivery: 500, total: 6380, freeDelivery: false });
  });

  it('ships free from the threshold, inclusive', () => {
    expect(computeOrderTotals(7499, 7500).delivery).toBe(500);
    expect(computeOrderTotals(7500, 7500)).toEqual({ subtotal: 7500, vat: 1500, delivery: 0, total: 9000, freeDelivery: true });
  });

  it('keeps VAT in whole roubles', () => {
    // 20 % of 1 234,50 ₽ is 246,90 ₽: rounded to 247 ₽.
    expect(computeOrderTotalsKopecks(123_450, 7500)).toEqual({ subtotal: 123_450, vat: 24_700, delivery: 50_000, total: 198_150 });
    expect(computeOrderTotals(1234.5, 7500).vat).toBe(247);
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
