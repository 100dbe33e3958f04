import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx';
import { ORDER_STATUS_LABELS, type OrderStatus } from '#shared/constants.ts';
import { customerStatusLabel, type DeliveryMethod } from '#shared/delivery.ts';

/** One colour per order status, the same in the personal account and the back office. */
const ORDER_STATUS_VARIANT: Record<OrderStatus, BadgeProps['variant']> = {
  pending: 'warning',
  processing: 'default',
  ready: 'secondary',
  shipped: 'secondary',
  delivered: 'success',
  cancelled: 'destructive',
};

/** Staff read the status as it is; the customer (`deliveryMethod` given) reads a collected pickup as «Получен». */
export function OrderStatusBadge({ status, deliveryMethod }: { status: OrderStatus; deliveryMethod?: DeliveryMethod }) {
  return <Badge variant={ORDER_STATUS_VARIANT[status]}>{deliveryMethod ? customerStatusLabel(status, deliveryMethod) : ORDER_STATUS_LABELS[status]}</Badge>;
}
