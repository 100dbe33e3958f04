import { Truck } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { DetailSection } from '#client/features/admin/components/detail-section.tsx';
import { useBranches } from '#client/lib/branches.ts';
import { formatDayMonth } from '#shared/dates.ts';
import type { AdminOrderDetail } from '#shared/types.ts';
import { useTransferArrived } from './api.ts';

/** The lines of a pickup order that come from other branches, grouped by the branch they leave. */
function movesOf(order: AdminOrderDetail) {
  const pickupId = order.pickupBranch?.id;
  const moves = new Map<number, AdminOrderDetail['items']>();
  for (const item of order.items) {
    if (pickupId === undefined || item.stockBranchId === null || item.stockBranchId === pickupId) continue;
    moves.set(item.stockBranchId, [...(moves.get(item.stockBranchId) ?? []), item]);
  }
  return moves;
}

/**
 * «Перемещение между филиалами» (docs/decisions/038): what to move to the pickup branch, from
 * where, by which day; «Товар прибыл в филиал» makes the order «Готов к выдаче».
 */
export function OrderTransfer({ order }: { order: AdminOrderDetail }) {
  const branches = useBranches();
  const arrived = useTransferArrived(order.id, {
    onSuccess: () => toast({ title: 'Заказ готов к выдаче', description: `Заказ №${order.id}: товар прибыл в филиал`, variant: 'success' }),
    onError: (error) => toast({ title: 'Не удалось отметить прибытие товара', description: error.message, variant: 'destructive' }),
  });
  const moves = movesOf(order);
  if (!order.pickupBranch || moves.size === 0) return null;
  const waiting = order.readyBy !== null && (order.status === 'pending' || order.status === 'processing');
  return (
    <DetailSection title="Перемещение между филиалами">
      <ul className="grid gap-1" data-testid="order-transfer">
        {[...moves].map(([branchId, items]) => {
          const from = branches.find((b) => b.id === branchId);
          const fromText = from ? `из филиала в ${from.cityIn}` : `со склада ${items[0]!.stockBranch ?? ''}`;
          return (
            <li key={branchId}>
              Переместить в филиал {order.pickupBranch!.city} {fromText}: {items.map((i) => `${i.productName} — ${i.quantity} шт.`).join(', ')}
            </li>
          );
        })}
      </ul>
      {waiting && (
        <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
          <p className="font-medium">Покупателю обещано к {formatDayMonth(order.readyBy!)}</p>
          <Button size="sm" onClick={() => arrived.mutate()} disabled={arrived.isPending}>
            <Truck aria-hidden />
            Товар прибыл в филиал
          </Button>
        </div>
      )}
    </DetailSection>
  );
}
