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

/** `+79281234567` (or any way of typing it) as «+7 928 123-45-67»; what is not a Russian number as it is. */
export function formatPhone(phone: string): string {
  const national = normalizePhone(phone)?.slice(2);
  return national ? `+7 ${national.slice(0, 3)} ${national.slice(3, 6)}-${national.slice(6, 8)}-${national.slice(8)}` : phone;
}
