import { PAYMENT_METHODS } from '../constants.ts';
import { CartIdSchema } from './cart.ts';
import { z } from './z.ts';

export const CONSENT_MESSAGE = 'Необходимо согласие на обработку персональных данных';
const EMAIL_MESSAGE = 'Пожалуйста, введите корректный email';
const PHONE_MESSAGE = 'Пожалуйста, введите корректный номер телефона';
const PAYMENT_MESSAGE = 'Пожалуйста, выберите способ оплаты';

/** Trimmed text of at least `min` characters (with the spec's message) and a sane maximum. */
const text = (min: number, message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `Не длиннее ${max} символов`);

/**
 * The checkout form: spec 5 'Reading A' with its messages, plus the consent to personal-data
 * processing (decisions.md). The client form and POST /api/orders validate with it.
 */
export const CheckoutFormSchema = z.object({
  customerName: text(2, 'Имя должно быть не менее 2 символов', 200),
  customerEmail: z.string({ error: EMAIL_MESSAGE }).trim().max(254, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
  customerPhone: text(5, PHONE_MESSAGE, 40).regex(/^\+?[\d\s()-]+$/, PHONE_MESSAGE),
  address: text(5, 'Адрес должен быть не менее 5 символов', 500),
  city: text(2, 'Пожалуйста, введите название города', 100),
  postalCode: text(5, 'Почтовый индекс должен быть не менее 5 символов', 12),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGE }),
  notes: z.string().trim().max(2000, 'Комментарий не длиннее 2000 символов').optional(),
  consent: z.boolean({ error: CONSENT_MESSAGE }).refine((v) => v === true, CONSENT_MESSAGE),
});
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
export type CheckoutFormValues = z.output<typeof CheckoutFormSchema>;

/** Body of POST /api/orders: the form, the cart, and what the customer saw. */
export const CreateOrderSchema = CheckoutFormSchema.extend({
  cartId: CartIdSchema,
  /** The cart generation the customer checked out: a repeated submit returns the same order. */
  cartGeneration: z.number().int().min(0).optional(),
  /** The total shown to the customer (roubles); the order is refused if the prices moved since. */
  expectedTotal: z.number().nonnegative().optional(),
});
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;
