import { readyByText } from '#shared/transfers.ts';
import type { Order } from '#shared/types.ts';

/**
 * A pickup order some of whose lines are brought from other branches: «Привезём в филиал
 * Ростов-на-Дону к 3 декабря», while it is still on its way (once «Готов к выдаче», the status says it).
 */
export function OrderReadyBy({ order, className }: { order: Pick<Order, 'readyBy' | 'pickupBranch' | 'status'>; className?: string }) {
  if (!order.readyBy || !order.pickupBranch || (order.status !== 'pending' && order.status !== 'processing')) return null;
  return (
    <p className={className} data-testid="order-ready-by">
      {readyByText(order.pickupBranch.city, order.readyBy)}
    </p>
  );
}
