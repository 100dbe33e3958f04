/**
 * YooKassa's side of the order's door (docs/decisions/025): it provides the orders module with
 * the payment of the order answers, starting and refreshing a payment (the OrderPayments port),
 * and it listens to order changes: an order cancelled by anyone (staff, the customer, the shop's
 * hold scan, 1C's exchange) gets its open payment cancelled at YooKassa where YooKassa allows it.
 */
import type { App } from '../../core/app-types.ts';
import { onOrderChange } from '../../modules/orders/door.ts';
import { provideOrderPayments, type PaymentLog } from '../../modules/orders/payments-port.ts';
import { cancelOpenPayments, refreshOrderPayment, startPayment, type PaymentDeps } from './service.ts';
import { paymentsOfOrders } from './view.ts';

const depsOf = (app: App, log: PaymentLog): PaymentDeps => ({
  db: app.deps.db,
  mailer: app.deps.mailer,
  config: app.deps.config,
  log,
  now: app.deps.clock(),
});

export function registerOrderHooks(app: App): void {
  const { db } = app.deps;
  provideOrderPayments(db, {
    ofOrders: paymentsOfOrders,
    start: (orderId, owner, log) => startPayment(depsOf(app, log), orderId, owner),
    refresh: (orderId, log) => refreshOrderPayment(depsOf(app, log), orderId),
    // Without credentials nothing can be asked: an order held while they were set waits for them.
    settleBeforeHoldCancel: async (orderId, log) => app.deps.config.yookassa !== null && cancelOpenPayments(depsOf(app, log), orderId),
  });
  // A cancelled order must not be paid afterwards on a YooKassa page left open.
  const stop = onOrderChange(
    db,
    'yookassa: cancel open payments',
    async (event) => {
      if (event.field !== 'status' || event.to !== 'cancelled') return;
      await cancelOpenPayments(depsOf(app, app.log), event.orderId);
    },
    app.log,
  );
  app.addHook('onClose', async () => stop());
}
