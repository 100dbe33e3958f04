import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
} from '#shared/constants.ts';

const PAYMENT_VARIANT: Record<PaymentStatus, BadgeProps['variant']> = {
  pending: 'outline',
  paid: 'success',
  refunded: 'secondary',
  failed: 'destructive',
};

/** Labels of a status as the history stores it (plain text); an unknown value is shown as it is. */
export const orderStatusLabel = (status: string) => ORDER_STATUS_LABELS[status as OrderStatus] ?? status;
export const paymentStatusLabel = (status: string) => PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status;

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge variant={PAYMENT_VARIANT[status]}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}
