/**
 * Staff editing an order's lines and delivery price (issue 25), run by the order's door inside
 * its transaction under the order's row lock: each line's stock moves at the line's own branch
 * (more units taken there, fewer returned there), a new line takes its units the way checkout
 * does (flows/order-stock.ts), the totals are computed again by the one computation of money
 * (cart/totals.ts) at the VAT rate the order was placed with, and every change becomes a line of
 * the order's history.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/connection.ts';
import { branchQuantities, headBranchId, returnToBranch, sellFromBranch } from '../../db/product-stock.ts';
import { orderItems, products, type orders } from '../../db/schema.ts';
import { badRequest, conflict } from '../../core/http-errors.ts';
import { takeOrderStock } from '../../flows/order-stock.ts';
import { deliverySources } from '../delivery/sources.ts';
import { listBranches } from '../branches/service.ts';
import { cartTotals, vatInsideKopecks } from '../cart/totals.ts';
import { getSettings } from '../settings/service.ts';
import { MAX_PRICE_KOPECKS, MAX_PRICE_RUB, formatRub, hasPrice, kopecksToRub, rubToKopecks } from '#shared/money.ts';
import type { OrderEdit } from '#shared/schemas/admin-order.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { OrderHistoryField } from '#shared/types.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** One line of the order's history an edit writes. */
export type EditHistory = { field: OrderHistoryField; from: string | null; to: string };
/** The order's columns an edit sets. */
export type EditedTotals = Pick<OrderRow, 'subtotalKopecks' | 'vatKopecks' | 'deliveryKopecks' | 'totalKopecks' | 'vatInTotalKopecks'>;

export const EDIT_CANCELLED = 'Отменённый заказ не редактируется';
export const EDIT_HANDED_OVER = 'Заказ уже отправлен или готов к выдаче: состав и стоимость доставки больше не меняются';
export const EDIT_PAID_ONLINE = 'Заказ оплачен онлайн: сумму оплаты изменить нельзя. Оформите возврат или новый заказ';
export const EDIT_PICKUP_DELIVERY = 'У заказа с самовывозом нет доставки: её стоимость не задаётся';
export const EDIT_UNKNOWN_LINE = 'В заказе нет такой позиции: обновите заказ и попробуйте снова';

/** Why the order cannot be edited now; null when it can (pending or processing, not paid online). */
export function editRefusal(order: OrderRow): string | null {
  if (order.status === 'cancelled') return EDIT_CANCELLED;
  if (order.status !== 'pending' && order.status !== 'processing') return EDIT_HANDED_OVER;
  if (order.paymentMethod === 'online' && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded')) return EDIT_PAID_ONLINE;
  return null;
}

const lineText = (name: string, quantity: number) => `«${name}»: ${quantity} шт.`;

export const EDIT_TOO_MUCH = `Сумма позиции или заказа больше ${formatRub(MAX_PRICE_RUB)}: уменьшите количество`;
/** Sums live in 32-bit kopeck columns: a line or an order above the price cap is refused, not overflowed. */
const fitting = (kopecks: number) => {
  if (kopecks > MAX_PRICE_KOPECKS) throw badRequest(EDIT_TOO_MUCH);
  return kopecks;
};

/** A line's own branch: lines from before branches existed took the head office's stock. */
const branchOf = async (tx: Tx, item: ItemRow) => item.stockBranchId ?? (await headBranchId(tx));

async function shortMessage(tx: Tx, item: ItemRow, branchId: number, need: number) {
  const have = (await branchQuantities(tx, item.productId!)).find((q) => q.branchId === branchId)?.quantity ?? 0;
  return `Недостаточно товара «${item.productName}» в филиале этой позиции: нужно ещё ${need} шт., в наличии ${have} шт. Заказ не изменён.`;
}

/** New quantities of existing lines: the difference taken from or returned to the line's branch. */
async function changeQuantities(tx: Tx, items: ItemRow[], edit: OrderEdit, now: Date, history: EditHistory[]) {
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const { itemId, quantity } of [...edit.lines].sort((a, b) => a.itemId - b.itemId)) {
    const item = byId.get(itemId);
    if (!item) throw badRequest(EDIT_UNKNOWN_LINE);
    if (quantity === item.quantity) continue;
    if (item.productId !== null) {
      const branchId = await branchOf(tx, item);
      const diff = quantity - item.quantity;
      if (diff > 0) {
        // Staff keep a line of a product taken off sale since; only the shelf must hold the units.
        if ((await sellFromBranch(tx, { productId: item.productId, branchId, quantity: diff }, now, { activeOnly: false })) !== 'sold') {
          throw conflict(await shortMessage(tx, item, branchId, diff));
        }
      } else {
        await returnToBranch(tx, { productId: item.productId, branchId, quantity: -diff }, now);
      }
    }
    if (quantity === 0) await tx.delete(orderItems).where(eq(orderItems.id, item.id));
    else await tx.update(orderItems).set({ quantity, totalKopecks: fitting(item.unitPriceKopecks * quantity) }).where(eq(orderItems.id, item.id));
    history.push({ field: 'lines', from: lineText(item.productName, item.quantity), to: quantity === 0 ? `«${item.productName}»: удалён` : lineText(item.productName, quantity) });
  }
}

/** Products added: at today's price, their units taken as checkout takes them; one already in the order grows its line. */
async function addProducts(tx: Tx, order: OrderRow, edit: OrderEdit, now: Date, history: EditHistory[]) {
  if (edit.add.length === 0) return;
  const ids = edit.add.map((a) => a.productId);
  const found = await tx.select().from(products).where(inArray(products.id, ids));
  const branches = await listBranches(tx);
  const lines = edit.add.map(({ productId, quantity }) => {
    const product = found.find((p) => p.id === productId);
    if (!product || !product.isActive) throw badRequest('Товар не найден или снят с продажи', { add: ['Товар не найден или снят с продажи'] });
    if (!hasPrice(product.priceKopecks)) throw badRequest(`У товара «${product.name}» нет цены: его нельзя добавить в заказ`, { add: [`У товара «${product.name}» нет цены`] });
    return { product, productId, quantity, name: product.name };
  });
  const pickup = order.pickupBranchId === null ? null : branches.find((b) => b.id === order.pickupBranchId);
  const city = branches.find((b) => b.city === order.city)?.slug;
  // Staff add to a pickup order only what its branch holds: the order's promised day stays true.
  const taken = await takeOrderStock(tx, lines, pickup ? { pickup, transfers: [] } : { sources: deliverySources(branches, city) }, now);
  for (const { product, quantity } of lines) {
    const branchId = taken.get(product.id)!;
    const [same] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, product.id), eq(orderItems.stockBranchId, branchId), eq(orderItems.unitPriceKopecks, product.priceKopecks!)));
    if (same) {
      await tx
        .update(orderItems)
        .set({ quantity: same.quantity + quantity, totalKopecks: fitting(same.unitPriceKopecks * (same.quantity + quantity)) })
        .where(eq(orderItems.id, same.id));
      history.push({ field: 'lines', from: lineText(product.name, same.quantity), to: lineText(product.name, same.quantity + quantity) });
      continue;
    }
    await tx.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      productName: product.name,
      productSku: product.sku,
      productSlug: product.slug,
      unitPriceKopecks: product.priceKopecks!,
      quantity,
      totalKopecks: fitting(product.priceKopecks! * quantity),
      stockBranchId: branchId,
    });
    history.push({ field: 'lines', from: null, to: lineText(product.name, quantity) });
  }
}

/**
 * Applies an edit to the locked order: lines, stock, delivery price and totals. Answers the new
 * totals and the history lines, or throws (409/400 in Russian) leaving everything as it was.
 */
export async function editOrderLines(tx: Tx, order: OrderRow, edit: OrderEdit, now: Date): Promise<{ totals: EditedTotals; history: EditHistory[] }> {
  const refusal = editRefusal(order);
  if (refusal) throw conflict(refusal);
  if (edit.delivery !== undefined && edit.delivery > 0 && order.deliveryMethod === 'pickup') throw badRequest(EDIT_PICKUP_DELIVERY, { delivery: [EDIT_PICKUP_DELIVERY] });

  const history: EditHistory[] = [];
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  await changeQuantities(tx, items, edit, now, history);
  await addProducts(tx, order, edit, now, history);

  const lines = await tx.select({ priceKopecks: orderItems.unitPriceKopecks, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, order.id));
  if (lines.length === 0) throw badRequest('В заказе должна остаться хотя бы одна позиция', { lines: ['В заказе должна остаться хотя бы одна позиция'] });
  const shop = await getSettings(tx, 'shop');
  // The VAT rate and way of pricing the order was placed with; the delivery price is the staff's (or stays as it was).
  const placedWith = { ...shop, vatRate: order.vatRate as ShopSettings['vatRate'], catalogPrices: order.pricesIncludeVat ? ('with_vat' as const) : ('without_vat' as const) };
  const computed = cartTotals(lines, placedWith, order.deliveryMethod === 'pickup' ? 'pickup' : 'delivery');
  const delivery = edit.delivery === undefined ? order.deliveryKopecks : rubToKopecks(edit.delivery);
  const total = computed.total - computed.delivery + delivery;
  const totals: EditedTotals = {
    subtotalKopecks: computed.subtotal,
    vatKopecks: computed.vat,
    deliveryKopecks: delivery,
    totalKopecks: fitting(total),
    vatInTotalKopecks: vatInsideKopecks(total, order.vatRate),
  };
  if (delivery !== order.deliveryKopecks) history.push({ field: 'delivery', from: formatRub(kopecksToRub(order.deliveryKopecks)), to: formatRub(kopecksToRub(delivery)) });
  if (totals.totalKopecks !== order.totalKopecks) history.push({ field: 'total', from: formatRub(kopecksToRub(order.totalKopecks)), to: formatRub(kopecksToRub(totals.totalKopecks)) });
  return { totals, history };
}
