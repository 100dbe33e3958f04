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
    // zod's own words would name the type in English ("ожидалось object"): a body of `[]` or `1`.
    if (issue.code === 'invalid_type' && issue.expected === 'object') return 'Некорректное значение';
    return undefined;
  },
});

export { z };

/**
 * A whole-object check (`superRefine`) said together with the fields' own errors, as a required
 * field's is, but only on an object: a body of `null`, `1` or `"x"` has no fields to look at,
 * and the object's type error says what is wrong with it.
 */
export const alongsideFieldErrors = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};

/** Path parameters `{ id }` of a route: a positive whole number; anything else answers `message`. */
export const idParams = (message: string) => z.object({ id: z.coerce.number({ error: message }).int(message).positive(message) });

/** Trimmed text; an empty value fails with the given message. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** '' and missing become null; '12,5' and ' 12 ' become numbers; anything else is left to zod. */
export const toNumberOrNull = (value: unknown) => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const text = value.trim().replace(/\s/g, '').replace(',', '.');
    return text === '' ? null : Number(text);
  }
  return value;
};
