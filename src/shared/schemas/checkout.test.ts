import { describe, expect, it } from 'vitest';
import { AddCartItemSchema } from './cart.ts';
import { CheckoutFormSchema } from './checkout.ts';

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

  it('needs no address for a pickup, but a branch', () => {
    const pickup = { ...valid, address: '', city: '', postalCode: '', deliveryMethod: 'pickup' };
    expect(CheckoutFormSchema.safeParse({ ...pickup, pickupBranchId: 3 }).success).toBe(true);
    expect(messageFor({ ...pickup, pickupBranchId: null })).toBe('Выберите филиал, из которого заберёте заказ');
    expect(CheckoutFormSchema.parse(valid).deliveryMethod).toBe('delivery');
    expect(messageFor({ deliveryMethod: 'post' })).toBe('Пожалуйста, выберите способ получения');
  });

  it('takes 1 as the default quantity of an added product', () => {
    expect(AddCartItemSchema.parse({ cartId: 'a3bb189e-8bf9-4888-9912-ace4e6543002', productId: 5 }).quantity).toBe(1);
  });
});
