import { EMAIL_MAX, PAYMENT_METHODS } from '../constants.ts';
import { deliveryFields } from './address.ts';
import { consentGiven } from './auth.ts';
import { CartIdSchema } from './cart.ts';
import { z } from './z.ts';

const EMAIL_MESSAGE = 'Пожалуйста, введите корректный email';
const PAYMENT_MESSAGE = 'Пожалуйста, выберите способ оплаты';

/**
 * The checkout form: spec 5 'Reading A' with its messages, plus the consent to personal-data
 * processing (decisions.md). The client form and POST /api/orders validate with it.
 */
export const CheckoutFormSchema = z.object({
  customerName: deliveryFields.recipientName,
  customerEmail: z.string({ error: EMAIL_MESSAGE }).trim().max(EMAIL_MAX, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
  customerPhone: deliveryFields.phone,
  address: deliveryFields.address,
  city: deliveryFields.city,
  postalCode: deliveryFields.postalCode,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGE }),
  notes: z.string().trim().max(2000, 'Комментарий не длиннее 2000 символов').optional(),
  consent: consentGiven(),
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
