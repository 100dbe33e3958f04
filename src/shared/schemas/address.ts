import { idParams, z } from './z.ts';

const PHONE_MESSAGE = 'Пожалуйста, введите корректный номер телефона';
export const ADDRESSES_MAX = 20;

/** Trimmed text of at least `min` characters (the checkout's messages, spec 5 'Reading A') and a sane maximum. */
const text = (min: number, message: string, max: number) =>
  z.string({ error: message }).trim().min(min, { error: message, abort: true }).max(max, `Не длиннее ${max} символов`);

/**
 * Recipient, phone and address with the checkout's messages (spec 5 'Reading A'): the checkout
 * form is built from them, so a saved address always passes it.
 */
export const deliveryFields = {
  recipientName: text(2, 'Имя должно быть не менее 2 символов', 200),
  phone: text(5, PHONE_MESSAGE, 40).regex(/^\+?[\d\s()-]+$/, PHONE_MESSAGE),
  address: text(5, 'Адрес должен быть не менее 5 символов', 500),
  city: text(2, 'Пожалуйста, введите название города', 100),
  postalCode: text(5, 'Почтовый индекс должен быть не менее 5 символов', 12),
};

/** A delivery address of the personal account. */
const fields = {
  label: z.string().trim().max(50, 'Название не длиннее 50 символов'),
  ...deliveryFields,
  isDefault: z.boolean(),
};

export const AddressSchema = z.object({ ...fields, label: fields.label.default(''), isDefault: fields.isDefault.default(false) });
export type AddressInput = z.input<typeof AddressSchema>;
export type AddressValues = z.output<typeof AddressSchema>;

/** PATCH /api/addresses/{id}: any of the fields; `isDefault: true` marks the address as the default one. */
export const AddressPatchSchema = z.object(fields).partial();
export type AddressPatch = z.infer<typeof AddressPatchSchema>;

export const AddressIdParamsSchema = idParams('Адрес не найден');
