import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx';
import { ORDER_STATUS_LABELS, type OrderStatus } from '#shared/constants.ts';

/** One colour per order status, the same in the personal account and the back office. */
const ORDER_STATUS_VARIANT: Record<OrderStatus, BadgeProps['variant']> = {
  pending: 'warning',
  processing: 'default',
  shipped: 'secondary',
  delivered: 'success',
  cancelled: 'destructive',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={ORDER_STATUS_VARIANT[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
