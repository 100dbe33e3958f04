import { Eye, Pencil } from 'lucide-react';
import { OrderStatusBadge } from '#client/components/order-status-badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { PAYMENT_METHOD_LABELS } from '#shared/constants.ts';
import { formatDate, formatDateTime, formatTime } from '#shared/dates.ts';
import { formatRub } from '#shared/money.ts';
import type { AdminOrderSummary } from '#shared/types.ts';
import { PaymentStatusBadge } from './order-badges.tsx';
import type { StatusTarget } from './order-status-dialog.tsx';
import { PhoneCards } from '#client/features/admin/components/phone-cards.tsx';

export type OrderRowActions = { onDetails: (id: number) => void; onStatus: (target: StatusTarget) => void };

function RowButtons({ order, onDetails, onStatus, compact }: { order: AdminOrderSummary; compact?: boolean } & OrderRowActions) {
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="outline"
        size={compact ? 'icon-sm' : 'sm'}
        onClick={() => onDetails(order.id)}
        aria-label={`Детали заказа №${order.id}`}
        title="Детали заказа"
      >
        <Eye aria-hidden />
        {!compact && 'Детали'}
      </Button>
      <Button
        variant="outline"
        size={compact ? 'icon-sm' : 'sm'}
        onClick={() => onStatus({ id: order.id, status: order.status, paymentStatus: order.paymentStatus, deliveryMethod: order.deliveryMethod })}
        aria-label={`Изменить статус заказа №${order.id}`}
        title="Изменить статус"
      >
        <Pencil aria-hidden />
        {!compact && 'Статус'}
      </Button>
    </div>
  );
}

/** Wider screens: the orders as a table. */
export function OrdersTable({ orders, ...actions }: { orders: AdminOrderSummary[] } & OrderRowActions) {
  return (
    <Table containerClassName="hidden md:block">
      <ListTableHeader columns={['№', 'Дата', 'Покупатель', { label: 'Сумма', className: 'text-right' }, 'Оплата', 'Статус', { label: 'Действия', className: 'text-right' }]} />
      <TableBody>
        {orders.map((order) => (
          <TableRow key={order.id} data-testid="admin-order-row">
            <TableCell className="font-semibold tabular-nums">{order.id}</TableCell>
            <TableCell className="tabular-nums">
              {/* '21 ноября 2026 г., 14:05' on two lines */}
              <span className="block">{formatDate(order.createdAt)},</span>{' '}
              <span className="block text-xs text-muted-foreground">{formatTime(order.createdAt)}</span>
            </TableCell>
            <TableCell className="max-w-56 min-w-44 whitespace-normal">
              {order.organizationName && <span className="block font-semibold break-words">{order.organizationName}</span>}
              <span className="block font-medium">{order.customerName}</span>
              <span className="block truncate text-xs text-muted-foreground">{order.customerEmail}</span>
              <span className="block truncate text-xs text-muted-foreground">{order.customerPhone}</span>
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">{formatRub(order.totalAmount)}</TableCell>
            <TableCell>
              <span className="flex flex-col items-start gap-1">
                <span className="text-xs text-muted-foreground">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</span>
                <PaymentStatusBadge status={order.paymentStatus} />
              </span>
            </TableCell>
            <TableCell>
              <span className="flex flex-col items-start gap-1">
                <OrderStatusBadge status={order.status} />
                {order.deliveryMethod === 'pickup' && <span className="text-xs text-muted-foreground">Самовывоз: {order.city}</span>}
              </span>
            </TableCell>
            <TableCell>
              <RowButtons order={order} compact {...actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: one card per order. */
export function OrderCards({ orders, ...actions }: { orders: AdminOrderSummary[] } & OrderRowActions) {
  return (
    <PhoneCards items={orders} itemKey={(order) => order.id} testId="admin-order-card" cardClassName="gap-2 p-3">
      {(order) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold">Заказ №{order.id}</p>
              <p className="text-xs text-muted-foreground">{formatDateTime(order.createdAt)}</p>
            </div>
            <p className="font-semibold tabular-nums">{formatRub(order.totalAmount)}</p>
          </div>
          <p className="text-sm break-words">
            {order.organizationName && <span className="block font-semibold">{order.organizationName}</span>}
            {order.customerName}
            <span className="block text-xs break-all text-muted-foreground">
              {order.customerEmail} · {order.customerPhone}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
            {order.deliveryMethod === 'pickup' && <span className="text-xs text-muted-foreground">Самовывоз: {order.city}</span>}
          </div>
          <div className="border-t pt-2">
            <RowButtons order={order} {...actions} />
          </div>
        </>
      )}
    </PhoneCards>
  );
}
