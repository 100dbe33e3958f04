/**
 * The shop's own phones (the shop's contact phone, the branches'): kept as `+7XXXXXXXXXX` and
 * shown as «+7 928 123-45-67» everywhere. Apart from the zod field (schemas/phone.ts), which the
 * storefront's first load does not need.
 */

/**
 * A Russian number as people type it («8 928 123-45-67», «+7 (928) 123 45 67», «89281234567»,
 * «928 123-45-67»: ten digits starting as Russian codes do, 3, 4, 9 or 80) in its stored form
 * `+79281234567`; null when it is not one (a digit short: «8928123456»).
 */
export function normalizePhone(text: string): string | null {
  const typed = text.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return null;
  const digits = typed.replace(/\D/g, '');
  const national = typed.startsWith('+')
    ? /^7(\d{10})$/.exec(digits)?.[1]
    : (/^(?:[349]\d|80)\d{8}$/.exec(digits)?.[0] ?? /^[78](\d{10})$/.exec(digits)?.[1]);
  return national ? `+7${national}` : null;
}

/**
 * A kept phone (`+79281234567`) as «+7 928 123-45-67»; one kept before phones were checked that
 * no rule could read stays as it was typed. Apart from normalizePhone: the header shows phones on
 * every page's first load.
 */
export const formatPhone = (phone: string): string => phone.replace(/^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/, '+7 $1 $2-$3-$4');
