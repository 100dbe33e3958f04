import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from '#shared/constants.ts';

const STATUS_VARIANT: Record<OrderStatus, BadgeProps['variant']> = {
  pending: 'warning',
  processing: 'default',
  shipped: 'secondary',
  delivered: 'success',
  cancelled: 'destructive',
};

const PAYMENT_VARIANT: Record<PaymentStatus, BadgeProps['variant']> = {
  pending: 'outline',
  paid: 'success',
  refunded: 'secondary',
  failed: 'destructive',
};

export const orderStatusLabel = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
export const paymentStatusLabel = (status: string) => PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status;

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge variant={STATUS_VARIANT[status as OrderStatus] ?? 'outline'}>{orderStatusLabel(status)}</Badge>;
}

export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge variant={PAYMENT_VARIANT[status as PaymentStatus] ?? 'outline'}>{paymentStatusLabel(status)}</Badge>;
}
