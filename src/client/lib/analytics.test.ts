import { describe, expect, it } from 'vitest';
import { carriesSecret, withoutSecrets } from './analytics.ts';

describe('addresses with secrets, for the counters', () => {
  it('knows the password-reset link by its token', () => {
    expect(carriesSecret('https://shop.ru/password-reset/reset?token=abc')).toBe(true);
    expect(carriesSecret('https://shop.ru/password-reset/reset?x=1&token=')).toBe(true);
    expect(carriesSecret('https://shop.ru/password-reset')).toBe(false);
    expect(carriesSecret('https://shop.ru/products?query=token')).toBe(false);
    expect(carriesSecret('')).toBe(false);
  });

  it('gives a previous address without the token, and nothing for no address', () => {
    expect(withoutSecrets('https://shop.ru/password-reset/reset?token=abc&utm_source=mail')).toBe('https://shop.ru/password-reset/reset?utm_source=mail');
    expect(withoutSecrets('https://shop.ru/password-reset/reset?token=abc')).toBe('https://shop.ru/password-reset/reset');
    expect(withoutSecrets('https://shop.ru/catalog/drills?page=2')).toBe('https://shop.ru/catalog/drills?page=2');
    expect(withoutSecrets('')).toBe('');
  });
});
