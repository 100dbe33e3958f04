import { z } from 'zod';

/**
 * zod configured once for the whole shop: Russian messages, with the generic 'Обязательное поле'
 * for a missing value and 'Некорректное значение' where nothing more specific applies.
 * Every schema imports `z` from here so the configuration is always loaded first.
 */
z.config(z.locales.ru());
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
      return 'Обязательное поле';
    }
    if (issue.code === 'custom') return 'Некорректное значение';
    return undefined;
  },
});

export { z };

/** Path parameters `{ id }` of a route: a positive whole number; anything else answers `message`. */
export const idParams = (message: string) => z.object({ id: z.coerce.number({ error: message }).int(message).positive(message) });

/** Trimmed text; an empty value fails with the given message. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);
