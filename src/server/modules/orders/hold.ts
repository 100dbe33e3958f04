/**
 * The hold of unpaid orders (docs/decisions/022, issue 27): an online order keeps its stock for
 * the payment's minutes, an order paid by invoice to the end of its invoice's last day. Once a
 * minute the first process to claim the minute's slot in `scheduled_runs` cancels the unpaid
 * orders whose hold has passed (exactly one process however many serve the shop): through the
 * order's door as the shop itself (stock back to its branches, history), then the customer is told.
 * An online order's payment is settled first by the payment provider (a payment that succeeded
 * meanwhile keeps the order); one the provider cannot be asked about waits for the next minute.
 */
import { and, asc, eq, inArray, lt, lte, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../core/app-types.ts';
import { DAY_MS } from '../../core/time.ts';
import { maskEmail } from '../../core/log.ts';
import type { Db } from '../../db/connection.ts';
import { orders, scheduledRuns } from '../../db/schema.ts';
import { claimScheduledRun, everyMinute } from '../../jobs/scheduled-runs.ts';
import type { Mailer } from '../../mail/transport.ts';
import { getSettings } from '../settings/service.ts';
import { changeOrder, type OrderRow } from './door.ts';
import { holdExpiredMail, invoiceExpiredMail } from './mails.ts';
import { orderPayments } from './payments-port.ts';

export const HOLD_JOB = 'payment-holds';
const FIRST_TICK_MS = 20_000;
/** The minute slots are claims only: a day's worth is kept to look into, older ones go. */
const KEEP_SLOTS_MS = DAY_MS;
const HOLD_BATCH = 50;

export type HoldDeps = { db: Db; mailer: Mailer; publicUrl: string; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>; now: Date };

/** Still unpaid and not cancelled: judged again under the order's lock before the shop cancels it. */
const stillUnpaid = (order: Pick<OrderRow, 'status' | 'paymentStatus'>) =>
  order.status !== 'cancelled' && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed');

/** Whether the order's payment is settled with its provider, so the shop may judge it unpaid. */
async function paymentSettled(deps: HoldDeps, order: { id: number; paymentMethod: string }): Promise<boolean> {
  if (order.paymentMethod !== 'online') return true;
  const payments = orderPayments(deps.db);
  return payments ? payments.settleBeforeHoldCancel(order.id, deps.log) : false;
}

async function tellCustomer(deps: HoldDeps, order: OrderRow) {
  const shop = await getSettings(deps.db, 'shop');
  const message = order.paymentMethod === 'invoice' ? invoiceExpiredMail(shop, order, deps.publicUrl) : holdExpiredMail(shop, order, deps.publicUrl);
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id, to: maskEmail(message.to) }, 'hold mail failed');
  }
}

/** Cancels the unpaid orders whose hold has passed; answers how many. */
export async function expireUnpaidOrders(deps: HoldDeps): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(and(lte(orders.paymentHoldUntil, deps.now), inArray(orders.paymentStatus, ['pending', 'failed']), ne(orders.status, 'cancelled')))
    .orderBy(asc(orders.paymentHoldUntil))
    .limit(HOLD_BATCH);
  let cancelled = 0;
  for (const order of due) {
    if (!(await paymentSettled(deps, order))) continue;
    const result = await changeOrder(deps.db, order.id, { kind: 'system' }, (locked) => (stillUnpaid(locked) ? { status: 'cancelled' } : null), deps.now);
    if (!result.changed) continue;
    cancelled++;
    await tellCustomer(deps, result.before);
  }
  return cancelled;
}

/** One look: the number of orders cancelled, or null when another process has this minute. */
export async function runHoldScan(deps: HoldDeps): Promise<number | null> {
  const minute = new Date(Math.floor(deps.now.getTime() / 60_000) * 60_000);
  if (!(await claimScheduledRun(deps.db, HOLD_JOB, minute, deps.now))) return null;
  await deps.db
    .delete(scheduledRuns)
    .where(and(eq(scheduledRuns.job, HOLD_JOB), lt(scheduledRuns.startedAt, new Date(deps.now.getTime() - KEEP_SLOTS_MS))));
  return expireUnpaidOrders(deps);
}

export function registerHoldScan(app: App) {
  everyMinute(
    app,
    FIRST_TICK_MS,
    async () => {
      const { db, mailer, config } = app.deps;
      const cancelled = await runHoldScan({ db, mailer, publicUrl: config.publicUrl, log: app.log, now: app.deps.clock() });
      if (cancelled) app.log.info({ cancelled }, 'unpaid orders cancelled after their hold');
    },
    'payment hold scan failed',
  );
}
