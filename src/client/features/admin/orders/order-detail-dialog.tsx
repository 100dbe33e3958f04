import { InvoiceLink, hasInvoice } from '#client/components/invoice-link.tsx';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, ListPlus, Pencil, Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '#client/components/order-status-badge.tsx';
import { CarrierDeliveryDetails } from '#client/components/carrier-delivery-details.tsx';
import { PickupBranchDetails } from '#client/components/pickup-branch-details.tsx';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter } from '#client/components/ui/dialog.tsx';
import { TitledDialog } from '#client/components/titled-dialog.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { paths } from '#client/paths.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/constants.ts';
import { CompanyBuyer } from './company-buyer.tsx';
import { formatDateTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import type { AdminOrderDetail, OrderHistoryEntry, OrderHistoryField, OrderHistorySource } from '#shared/types.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { adminOrderQuery } from './api.ts';
import { PaymentStatusBadge, orderStatusLabel, paymentStatusLabel } from './order-badges.tsx';
import { OrderPaymentSection } from './order-payment-section.tsx';
import { OrderTotals } from './order-totals.tsx';
import { OrderTransfer } from './order-transfer.tsx';
import { OrderComments, OrderEditDialog, PaymentLinkButton, orderEditable, paymentLinkOffered } from './order-tools.tsx';
import type { StatusTarget } from './order-status-dialog.tsx';
import { telHref } from '#client/lib/utils.ts';
import { DetailSection } from '#client/features/admin/components/detail-section.tsx';
import { CdekShipmentSection } from './cdek-shipment-section.tsx';
import { isCarrierMethod } from '#shared/delivery.ts';

const HISTORY_WHAT: Record<OrderHistoryField, string> = { status: 'Статус', payment: 'Оплата', lines: 'Состав', delivery: 'Доставка', total: 'Итого' };

function historyText(entry: OrderHistoryEntry) {
  const what = HISTORY_WHAT[entry.field];
  if (entry.field === 'lines') return entry.fromValue ? `${what}: ${entry.fromValue} → ${entry.toValue}` : `${what}: добавлен ${entry.toValue}`;
  const label = entry.field === 'payment' ? paymentStatusLabel : entry.field === 'status' ? orderStatusLabel : (value: string) => value;
  return entry.fromValue ? `${what}: ${label(entry.fromValue)} → ${label(entry.toValue)}` : `${what}: ${label(entry.toValue)}`;
}

function OrderBody({ order }: { order: AdminOrderDetail }) {
  // The rate and catalogue prices the order was placed with, whatever the shop's settings are today.
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} />
        <span className="text-muted-foreground">от {formatDateTime(order.createdAt)}</span>
      </div>

      <div className="grid gap-3 sm:grid-cols-3">
        <DetailSection title="Покупатель">
          {order.buyer.type === 'company' && <CompanyBuyer buyer={order.buyer} />}
          <p className="font-medium break-words">{order.customerName}</p>
          <a href={`mailto:${order.customerEmail}`} className="text-primary [overflow-wrap:anywhere] hover:underline">
            {order.customerEmail}
          </a>
          <a href={telHref(order.customerPhone)} className="hover:underline">
            {order.customerPhone}
          </a>
        </DetailSection>
        {order.pickupBranch ? (
          <DetailSection title="Самовывоз из филиала">
            <PickupBranchDetails branch={order.pickupBranch} />
          </DetailSection>
        ) : (
          <DetailSection title="Доставка">
            <CarrierDeliveryDetails delivery={order.delivery} city={order.city} address={order.address} postalCode={order.postalCode} />
          </DetailSection>
        )}
        <DetailSection title="Оплата">
          <p>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>
          <p>{paymentStatusLabel(order.paymentStatus)}</p>
          {hasInvoice(order) && <InvoiceLink orderId={order.id} size="sm" className="mt-2" />}
        </DetailSection>
      </div>

      <OrderTransfer order={order} />

      {order.payment && <OrderPaymentSection orderId={order.id} payment={order.payment} />}
      {isCarrierMethod(order.deliveryMethod) && <CdekShipmentSection orderId={order.id} status={order.status} />}

      {order.notes && (
        <DetailSection title="Комментарий покупателя">
          <p className="break-words whitespace-pre-line">{order.notes}</p>
        </DetailSection>
      )}

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Товары ({order.itemCount} шт.)</h3>
        <Table containerClassName="hidden sm:block">
          <ListTableHeader columns={['Товар', { label: 'Цена', className: 'text-right' }, { label: 'Кол-во', className: 'text-right' }, { label: 'Сумма', className: 'text-right' }]} />
          <TableBody>
            {order.items.map((item) => (
              <TableRow key={item.id}>
                <TableCell className="min-w-48 whitespace-normal">
                  {item.productSlug && item.productId ? (
                    <Link to={paths.product(item.productSlug)} target="_blank" className="font-medium hover:text-primary hover:underline">
                      {item.productName}
                    </Link>
                  ) : (
                    <span className="font-medium">{item.productName}</span>
                  )}
                  {item.productSku && <span className="block text-xs text-muted-foreground">Арт. {item.productSku}</span>}
                  {item.stockBranch && <span className="block text-xs text-muted-foreground">Со склада: {item.stockBranch}</span>}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatRub(item.productPrice)}</TableCell>
                <TableCell className="text-right tabular-nums">{item.quantity}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">{formatRub(item.totalPrice)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ul className="grid divide-y rounded-lg border sm:hidden">
          {order.items.map((item) => (
            <li key={item.id} className="grid gap-0.5 p-3 text-sm">
              <span className="font-medium break-words">{item.productName}</span>
              {item.productSku && <span className="text-xs text-muted-foreground">Арт. {item.productSku}</span>}
              {item.stockBranch && <span className="text-xs text-muted-foreground">Со склада: {item.stockBranch}</span>}
              <span className="flex justify-between gap-2 tabular-nums">
                <span className="text-muted-foreground">
                  {item.quantity} шт. × {formatRub(item.productPrice)}
                </span>
                <span className="font-medium">{formatRub(item.totalPrice)}</span>
              </span>
            </li>
          ))}
        </ul>
        <OrderTotals order={order} className="ml-auto max-w-xs" />
      </div>

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">История статусов</h3>
        {order.history.length === 0 ? (
          <p className="text-sm text-muted-foreground">Статус не менялся.</p>
        ) : (
          <ol className="grid gap-2 text-sm" aria-label="История статусов">
            {order.history.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 border-l-2 border-primary/40 pl-3 sm:flex-row sm:flex-wrap sm:items-baseline sm:gap-x-3">
                <span className="shrink-0 text-muted-foreground tabular-nums">{formatDateTime(entry.changedAt)}</span>
                <span className="font-medium">{historyText(entry)}</span>
                <span className="text-muted-foreground">{historyAuthor(entry)}</span>
                {entry.note && <span className="basis-full">{entry.note}</span>}
              </li>
            ))}
          </ol>
        )}
      </div>

      <OrderComments order={order} />
    </div>
  );
}

const SOURCE_NAMES: Record<OrderHistorySource, string> = { '1c': '1С (обмен)', yookassa: 'ЮKassa', cdek: 'СДЭК' };

/** Who made a history entry: a staff member, 1C's exchange, YooKassa, СДЭК, or nobody named (the customer placing it, the shop itself). */
function historyAuthor(entry: OrderHistoryEntry): string {
  if (entry.changedBy) return entry.changedBy.username;
  return entry.source ? SOURCE_NAMES[entry.source] : 'покупатель или система';
}

/** 'Детали заказа': customer, address, payment, lines with the prices of the day, totals, history. */
export function OrderDetailDialog({
  orderId,
  onClose,
  onChangeStatus,
}: {
  orderId: number | null;
  onClose: () => void;
  onChangeStatus: (target: StatusTarget) => void;
}) {
  const detail = useQuery({ ...adminOrderQuery(orderId ?? 0), enabled: orderId !== null });
  const failed = detail.isError ? detail.error : null;

  useEffect(() => {
    if (failed) toast({ title: 'Не удалось загрузить детали заказа', description: failed.message, variant: 'destructive' });
  }, [failed]);

  const order = detail.data;
  const [editing, setEditing] = useState(false);
  return (
    <>
      <TitledDialog open={orderId !== null} title={<>Заказ №{orderId}</>} description="Цены указаны на момент оформления заказа." className="max-w-3xl" onClose={onClose}>
        {failed ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden />
            <AlertTitle>Не удалось загрузить детали заказа</AlertTitle>
            <AlertDescription>{failed.message}</AlertDescription>
          </Alert>
        ) : order ? (
          <OrderBody order={order} />
        ) : (
          <div className="grid gap-3" aria-busy="true" aria-label="Загрузка заказа">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-24" />
            <Skeleton className="h-40" />
          </div>
        )}
        <DialogFooter className="flex-wrap gap-2">
          <Button variant="outline" onClick={onClose}>
            Закрыть
          </Button>
          {order && (
            <>
              <Button variant="outline" asChild>
                <Link to={adminPaths.orderPrint(order.id)} target="_blank">
                  <Printer aria-hidden />
                  Печать
                </Link>
              </Button>
              {paymentLinkOffered(order) && <PaymentLinkButton order={order} />}
              {orderEditable(order) && (
                <Button variant="outline" onClick={() => setEditing(true)}>
                  <ListPlus aria-hidden />
                  Изменить состав
                </Button>
              )}
              <Button onClick={() => onChangeStatus({ id: order.id, status: order.status, paymentStatus: order.paymentStatus, deliveryMethod: order.deliveryMethod })}>
                <Pencil aria-hidden />
                Изменить статус
              </Button>
            </>
          )}
        </DialogFooter>
      </TitledDialog>
      {editing && order && <OrderEditDialog order={order} onClose={() => setEditing(false)} />}
    </>
  );
}
