import { orderReadyByText } from '#shared/transfers.ts';
import type { Order } from '#shared/types.ts';

/**
 * A pickup order some of whose lines are brought from other branches: «Привезём в филиал
 * Ростов-на-Дону к 3 декабря», while it is still on its way (once «Готов к выдаче», the status says it).
 */
export function OrderReadyBy({ order, className }: { order: Pick<Order, 'readyBy' | 'pickupBranch' | 'status'>; className?: string }) {
  const text = orderReadyByText(order);
  return text ? (
    <p className={className} data-testid="order-ready-by">
      {text}
    </p>
  ) : null;
}
