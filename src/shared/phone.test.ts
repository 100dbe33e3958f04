import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone } from './phone.ts';

describe('the shop phones', () => {
  it('accepts the usual Russian ways of typing a number and keeps +7 and ten digits', () => {
    for (const typed of ['89281234567', '8 928 123-45-67', '+7 (928) 123-45-67', '+79281234567', '7 928 1234567', '928 123 45 67', ' 8(928)123.45.67 ']) {
      expect(normalizePhone(typed), typed).toBe('+79281234567');
    }
    expect(normalizePhone('+7 (8442) 50-37-12')).toBe('+78442503712');
    expect(normalizePhone('8 800 250-37-12')).toBe('+78002503712');
  });

  it('refuses what is not a Russian number', () => {
    for (const typed of ['звоните', '', '12345', '+8 928 123-45-67', '+49 30 1234567', '8928123456', '892812345678', '8 928 123-45-67 доб. 2']) {
      expect(normalizePhone(typed), typed).toBeNull();
    }
  });

  it('shows every number one way', () => {
    expect(formatPhone('+79281234567')).toBe('+7 928 123-45-67');
    expect(formatPhone('+78002503712')).toBe('+7 800 250-37-12');
    expect(formatPhone('+380 62 123 45 67')).toBe('+380 62 123 45 67');
  });
});
