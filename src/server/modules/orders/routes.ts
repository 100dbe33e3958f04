import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { z } from '#shared/schemas/z.ts';
import { CreateOrderSchema } from '#shared/schemas/checkout.ts';
import { CITY_COOKIE } from '#shared/schemas/branches.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { PlacedOrder } from '#shared/types.ts';
import type { App } from '../../core/app-types.ts';
import { HttpError, notFound } from '../../core/http-errors.ts';
import { checkoutSettings, placeOrder } from '../../flows/checkout.ts';
import { invoiceValidDaysOrRefuse } from '../invoices/service.ts';
import { getSettings } from '../settings/service.ts';
import { registerHoldScan } from './hold.ts';
import { orderPayments } from './payments-port.ts';
import { ORDER_NOT_FOUND, findOrder, getOrderForViewer, listUserOrders } from './service.ts';
import { repeatOrder } from './repeat.ts';
import { requestMeta } from '../rate-limits/service.ts';
import { CartLinesResultSchema, RepeatOrderBodySchema } from '#shared/schemas/sku-list.ts';

const tags = ['Заказы'];

/**
 * How long placing an order waits for the payment page (the YooKassa client itself waits 15 s).
 * A slower answer still completes after the order's answer, and the order page's «Оплатить»
 * picks that payment up (or asks for it again with the same key).
 */
const PAYMENT_START_WAIT_MS = 3_000;

/** The shop settings read for a POST /api/orders before validation, kept for its handler. */
const settingsOfOrder = new WeakMap<FastifyRequest, ShopSettings>();

/** An order id from the path; anything but a positive integer is an order that is not there. */
function orderIdOf(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound(ORDER_NOT_FOUND);
  return id;
}

/**
 * The customer's side of orders (spec 7): placing one (login required), reading one (owner or
 * staff) and the customer's own list. Staff list and status changes live with the admin.
 */
export default async function orderRoutes(app: App) {
  registerHoldScan(app);
  const paymentView = () => ({ configured: app.deps.config.yookassa !== null, now: app.deps.clock() });

  app.post(
    '/orders',
    {
      config: { access: 'user' },
      // Ordering switched off is a 403 before the body is even looked at.
      preValidation: async (request) => {
        settingsOfOrder.set(request, await checkoutSettings(app.deps.db));
      },
      schema: { tags, summary: 'Оформить заказ из корзины; при онлайн-оплате — адрес страницы оплаты', body: CreateOrderSchema },
    },
    async (request, reply) => {
      const configured = app.deps.config.yookassa !== null;
      const holdMinutes = configured && request.body.paymentMethod === 'online' ? (await getSettings(app.deps.db, 'payment')).holdMinutes : null;
      const invoiceValidDays = request.body.paymentMethod === 'invoice' ? await invoiceValidDaysOrRefuse(app.deps.db) : null;
      const { order, created } = await placeOrder(
        { db: app.deps.db, mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl, log: request.log, paymentView: paymentView() },
        {
          user: request.user!,
          input: request.body,
          ip: request.ip,
          now: app.deps.clock(),
          rateLimitFactor: app.deps.config.rateLimitFactor,
          shop: settingsOfOrder.get(request)!,
          citySlug: request.cookies[CITY_COOKIE],
          paymentHoldMinutes: holdMinutes,
          invoiceValidDays,
        },
      );
      let answer: PlacedOrder = { ...order, confirmationUrl: null };
      const payments = orderPayments(app.deps.db);
      if (order.paymentMethod === 'online' && configured && order.payment?.canPay && payments) {
        // A retry of the same cart resumes the same payment. When YooKassa cannot be reached, or
        // is slow, the order stands, unpaid: its page offers «Оплатить».
        const confirmationUrl = await withinTime(payments.start(order.id, request.user!.id, request.log), PAYMENT_START_WAIT_MS, request.log);
        if (confirmationUrl) answer = { ...(await findOrder(app.deps.db, order.id, paymentView()))!, confirmationUrl };
      }
      return reply.status(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/orders/my-orders',
    { config: { access: 'user' }, schema: { tags, summary: 'Заказы текущего покупателя с товарами' } },
    async (request) => ({ orders: await listUserOrders(app.deps.db, request.user!.id, paymentView()) }),
  );

  app.post(
    '/orders/:id/repeat',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Повторить заказ: его товары в корзину по сегодняшним ценам, не больше остатка; что больше не продаётся — с причиной (только владельцу)',
        params: z.object({ id: z.string() }),
        body: RepeatOrderBodySchema,
        response: { 200: CartLinesResultSchema },
      },
    },
    async (request) => repeatOrder(app.deps.db, orderIdOf(request.params.id), request.user!.id, request.body.cartId, requestMeta(app, request)),
  );

  app.get(
    '/orders/:id',
    { config: { access: 'user' }, schema: { tags, summary: 'Заказ (владельцу и сотрудникам); неоплаченный онлайн-платёж сверяется с ЮKassa', params: z.object({ id: z.string() }) } },
    async (request) => {
      const id = orderIdOf(request.params.id);
      const order = await getOrderForViewer(app.deps.db, id, request.user!, paymentView());
      const payments = orderPayments(app.deps.db);
      if (payments && order.payment && (order.payment.state === 'pending' || order.payment.state === 'waiting')) {
        await payments.refresh(id, request.log);
        return getOrderForViewer(app.deps.db, id, request.user!, paymentView());
      }
      return order;
    },
  );
}

/**
 * The payment page's address if it comes within `ms`, else null (HttpError refusals too: the order
 * is placed whatever the payment says). A start that finishes later is left to finish: its
 * payment is then recorded for «Оплатить»; an unexpected failure is logged.
 */
async function withinTime(start: Promise<string>, ms: number, log: FastifyBaseLogger): Promise<string | null> {
  const settled = start.then(
    (url) => url,
    (error: unknown) => {
      if (!(error instanceof HttpError)) log.error({ err: error }, 'payment of a new order could not be started');
      return null;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
