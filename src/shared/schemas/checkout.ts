import { EMAIL_MAX, PAYMENT_METHODS } from '../constants.ts';
import { DELIVERY_METHODS, needsAddress } from '../delivery.ts';
import { deliveryFields } from './address.ts';
import { consentGiven } from './auth.ts';
import { CartIdSchema } from './cart.ts';
import { z } from './z.ts';

const EMAIL_MESSAGE = 'Пожалуйста, введите корректный email';
const PAYMENT_MESSAGE = 'Пожалуйста, выберите способ оплаты';
const DELIVERY_METHOD_MESSAGE = 'Пожалуйста, выберите способ получения';
export const PICKUP_BRANCH_MESSAGE = 'Выберите филиал, из которого заберёте заказ';
export const DELIVERY_POINT_MESSAGE = 'Выберите пункт выдачи СДЭК из списка';
export const ORGANIZATION_MESSAGE = 'Выберите организацию';
export const INVOICE_FOR_PERSON_MESSAGE = 'Оплата по счёту доступна только при покупке на организацию';

/** «Покупатель» (issue 27): a private person, or one of the customer's organisations. */
const buyerField = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('person') }),
    z.object({ type: z.literal('company'), organizationId: z.number({ error: ORGANIZATION_MESSAGE }).int(ORGANIZATION_MESSAGE).positive(ORGANIZATION_MESSAGE) }),
  ], { error: 'Выберите покупателя' })
  .default({ type: 'person' });

/** The address fields, checked with their messages only when the order is delivered. */
const ADDRESS_FIELDS = ['address', 'city', 'postalCode'] as const;
const addressText = (max: number) => z.string().trim().max(max, `Не длиннее ${max} символов`).default('');

const checkoutFields = z.object({
  customerName: deliveryFields.recipientName,
  customerEmail: z.string({ error: EMAIL_MESSAGE }).trim().max(EMAIL_MAX, EMAIL_MESSAGE).pipe(z.email(EMAIL_MESSAGE)),
  customerPhone: deliveryFields.phone,
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: DELIVERY_METHOD_MESSAGE }).default('delivery'),
  /** The branch a pickup order is collected from (`GET /api/cart/{cartId}/pickup` tells which can). */
  pickupBranchId: z.number({ error: PICKUP_BRANCH_MESSAGE }).int(PICKUP_BRANCH_MESSAGE).positive(PICKUP_BRANCH_MESSAGE).nullish(),
  /** The carrier's pickup point of a 'cdek-point' order (`GET /api/delivery/points` lists them). */
  deliveryPointCode: z.string({ error: DELIVERY_POINT_MESSAGE }).trim().max(64, DELIVERY_POINT_MESSAGE).nullish(),
  address: addressText(500),
  city: addressText(100),
  postalCode: addressText(12),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGE }),
  buyer: buyerField,
  notes: z.string().trim().max(2000, 'Комментарий не длиннее 2000 символов').optional(),
  consent: consentGiven(),
  /** «Сохранить адрес в личном кабинете»: a delivered order's address joins the customer's saved addresses. */
  saveAddress: z.boolean({ error: 'Некорректное значение' }).default(false),
});

/**
 * Delivery to a door needs the address (spec 5 'Reading A' messages); pickup needs a branch; a
 * carrier's pickup point needs the point and its city. «Оплата по счёту» is for an organisation only.
 */
function checkDeliveryChoice(value: z.output<typeof checkoutFields>, ctx: z.RefinementCtx) {
  if (value.paymentMethod === 'invoice' && value.buyer.type !== 'company') {
    ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: INVOICE_FOR_PERSON_MESSAGE });
  }
  if (value.deliveryMethod === 'pickup') {
    if (value.pickupBranchId == null) ctx.addIssue({ code: 'custom', path: ['pickupBranchId'], message: PICKUP_BRANCH_MESSAGE });
    return;
  }
  if (!needsAddress(value.deliveryMethod)) {
    if (!value.deliveryPointCode) ctx.addIssue({ code: 'custom', path: ['deliveryPointCode'], message: DELIVERY_POINT_MESSAGE });
    const city = deliveryFields.city.safeParse(value.city);
    if (!city.success) ctx.addIssue({ code: 'custom', path: ['city'], message: city.error.issues[0]!.message });
    return;
  }
  for (const field of ADDRESS_FIELDS) {
    const result = deliveryFields[field].safeParse(value[field]);
    if (!result.success) ctx.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]!.message });
  }
}

/**
 * The checkout form: spec 5 'Reading A' with its messages, plus the consent to personal-data
 * processing (decisions.md) and the way of receiving the order (delivery or pickup at a branch).
 * The client form and POST /api/orders validate with it.
 */
export const CheckoutFormSchema = checkoutFields.superRefine(checkDeliveryChoice);
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
export type CheckoutFormValues = z.output<typeof CheckoutFormSchema>;

/** Body of POST /api/orders: the form, the cart, and what the customer saw. */
export const CreateOrderSchema = checkoutFields
  .extend({
    cartId: CartIdSchema,
    /** The cart generation the customer checked out: a repeated submit returns the same order. */
    cartGeneration: z.number().int().min(0).optional(),
    /** The total shown to the customer (roubles); the order is refused if the prices moved since. */
    expectedTotal: z.number().nonnegative().optional(),
  })
  .superRefine(checkDeliveryChoice);
export type CreateOrderInput = z.infer<typeof CreateOrderSchema>;
