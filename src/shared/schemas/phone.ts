import { normalizePhone } from '../phone.ts';
import { z } from './z.ts';

export const PHONE_FORMAT_MESSAGE = 'Телефон: российский номер из 10 цифр после +7 или 8, например +7 928 123-45-67';

/** One of the shop's phones: required, accepted as people type it, kept as `+79281234567`. */
export const shopPhoneField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((value, context) => {
      const phone = normalizePhone(value);
      if (phone) return phone;
      context.addIssue({ code: 'custom', message: PHONE_FORMAT_MESSAGE });
      return z.NEVER;
    });
