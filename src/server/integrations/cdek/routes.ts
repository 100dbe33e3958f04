import type { FastifyBaseLogger } from 'fastify';
import { idParams, z } from '#shared/schemas/z.ts';
import { CDEK_WEBHOOK_PATH, type CdekShipmentView } from '#shared/cdek.ts';
import type { App } from '../../core/app-types.ts';
import { everyMinute } from '../../jobs/scheduled-runs.ts';
import { provideCarrier } from '../../modules/delivery/carrier-port.ts';
import { onOrderChange } from '../../modules/orders/door.ts';
import { notificationsRoute } from '../notifications.ts';
import { cdekCarrier } from './carrier.ts';
import { CdekError, subscribeOrderStatus } from './cdek.ts';
import { cancelShipment, checkSentShipments, handleStatusEvent, registerConfirmedOrder, registerShipment, shipmentView, type ShipmentDeps } from './shipments.ts';

/** СДЭК's webhook body; only the type and the entity's uuid are read, the rest is asked of the API. */
const WebhookSchema = z.object({
  type: z.string().max(50),
  uuid: z.string().max(64),
});

const OrderParams = idParams('Некорректный номер заказа');

/** The minute's check of accepted orders waits this long after start-up. */
const FIRST_TICK_MS = 25_000;

/**
 * СДЭК (issue 28): the shop's carrier while its credentials are set (without them delivery is the
 * shop's own only), the registration of confirmed СДЭК orders, and its status events.
 */
export default async function cdekRoutes(app: App) {
  const { config, db } = app.deps;
  const carrier = config.cdek ? cdekCarrier(config.cdek) : null;
  if (carrier) provideCarrier(db, carrier);
  const deps = (log: FastifyBaseLogger): ShipmentDeps => ({
    db,
    config: config.cdek,
    cityCode: carrier ? carrier.cityCode : async () => null,
    log,
    now: app.deps.clock(),
  });

  // Staff confirm a СДЭК order: it is registered with СДЭК (or the reason it is not is written);
  // a cancelled one is deleted there while СДЭК allows it.
  const stop = onOrderChange(
    db,
    'cdek: register confirmed orders, delete cancelled ones',
    async (event) => {
      if (event.field !== 'status') return;
      await registerConfirmedOrder(deps(app.log), event.orderId, event.to);
      await cancelShipment(deps(app.log), event.orderId, event.to);
    },
    app.log,
  );
  app.addHook('onClose', async () => stop());

  if (config.cdek) {
    const cdek = config.cdek;
    // Subscribed once per address (an existing subscription is kept); the start-up does not wait for СДЭК.
    let subscribing: Promise<void> | null = null;
    const url = `${config.publicUrl}${CDEK_WEBHOOK_PATH}`;
    app.addHook('onReady', async () => {
      subscribing = subscribeOrderStatus(cdek, url).then(
        (outcome) => app.log.info({ url, outcome }, 'cdek webhook subscription'),
        (error: unknown) => app.log.error({ err: error }, 'cdek webhook subscription failed'),
      );
    });
    app.addHook('onClose', async () => void (await subscribing));
    everyMinute(app, FIRST_TICK_MS, () => checkSentShipments(deps(app.log)), 'cdek order check failed');
  }

  notificationsRoute(app, {
    url: '/delivery/cdek/webhook',
    tags: ['Доставка'],
    summary: 'Уведомления СДЭК о статусах заказов (ORDER_STATUS); статус сверяется с API СДЭК',
    body: WebhookSchema,
    limitKey: 'cdek-webhook',
    name: 'cdek status event',
    failure: { error: CdekError, message: 'СДЭК недоступен, повторите уведомление позже' },
    handle: async ({ type, uuid }, request) => (type === 'ORDER_STATUS' ? { uuid, outcome: await handleStatusEvent(deps(request.log), uuid) } : null),
  });

  app.get(
    '/admin/orders/:id/cdek',
    {
      config: { access: 'staff' },
      schema: { tags: ['Заказы (персонал)'], summary: 'Регистрация заказа в СДЭК: состояние, трек-номер, ошибка', params: OrderParams },
    },
    async (request): Promise<CdekShipmentView> => shipmentView(deps(request.log), request.params.id),
  );

  app.post(
    '/admin/orders/:id/cdek',
    {
      config: { access: 'staff', staffLog: 'order.cdek-register' },
      schema: { tags: ['Заказы (персонал)'], summary: 'Зарегистрировать заказ в СДЭК повторно (после ошибки)', params: OrderParams },
    },
    async (request): Promise<CdekShipmentView> => {
      const shipment = deps(request.log);
      await registerShipment(shipment, request.params.id);
      return shipmentView(shipment, request.params.id);
    },
  );
}
