import { useQuery } from '@tanstack/react-query';
import { keepPage } from '#client/lib/keep-page.ts';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { TRANSFER_DAYS_MAX, TRANSFER_DAYS_MIN, type BranchTransfer } from '#shared/transfers.ts';
import type { AdminBranch } from '#shared/schemas/branches.ts';
import { adminBranchesQuery, adminTransfersQuery, useSaveTransfers } from './api.ts';
import { FormSkeleton, SettingsCard } from './settings-form-parts.tsx';

type Cells = Record<string, string>;
const cellKey = (fromId: number, toId: number) => `${fromId}:${toId}`;
const DAYS_ERROR = `срок — целое число дней от ${TRANSFER_DAYS_MIN} до ${TRANSFER_DAYS_MAX} или пусто`;

const cellsOf = (routes: readonly BranchTransfer[]): Cells => Object.fromEntries(routes.map((r) => [cellKey(r.fromBranchId, r.toBranchId), String(r.days)]));

/** A cell's days, null when empty, NaN when not whole days in range (the server refuses the same). */
function daysIn(text: string | undefined): number | null {
  const value = (text ?? '').trim();
  if (value === '') return null;
  const days = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return days >= TRANSFER_DAYS_MIN && days <= TRANSFER_DAYS_MAX ? days : Number.NaN;
}

function TransferTable({ branches, saved }: { branches: AdminBranch[]; saved: BranchTransfer[] }) {
  const [cells, setCells] = useState<Cells>(() => cellsOf(saved));
  const [tried, setTried] = useState(false);
  const save = useSaveTransfers({
    onSuccess: (routes) => {
      setCells(cellsOf(routes));
      setTried(false);
      toast({ title: 'Сроки перемещений сохранены', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Сроки перемещений не сохранены', description: error.message, variant: 'destructive' }),
  });
  const pairs = branches.flatMap((from) => branches.filter((to) => to.id !== from.id).map((to) => ({ from, to, days: daysIn(cells[cellKey(from.id, to.id)]) })));
  const wrong = pairs.filter((p) => Number.isNaN(p.days));
  const errorId = 'transfer-days-error';

  const submit = () => {
    setTried(true);
    if (wrong.length > 0) return;
    save.mutate({ routes: pairs.flatMap((p) => (p.days === null ? [] : [{ fromBranchId: p.from.id, toBranchId: p.to.id, days: p.days }])) });
  };

  return (
    <form noValidate className="grid gap-3" aria-label="Сроки перемещения между филиалами" onSubmit={keepPage(submit)}>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Строки — откуда, столбцы — куда; целых дней</caption>
          <thead>
            <tr className="bg-muted/50">
              <th scope="col" className="px-2 py-2 text-left font-medium text-muted-foreground">
                Откуда \ Куда
              </th>
              {branches.map((to) => (
                <th key={to.id} scope="col" className="px-2 py-2 text-center font-medium">
                  {to.city}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {branches.map((from) => (
              <tr key={from.id} className="border-t">
                <th scope="row" className="px-2 py-1.5 text-left font-medium whitespace-nowrap">
                  {from.city}
                </th>
                {branches.map((to) => {
                  if (to.id === from.id) {
                    return (
                      <td key={to.id} className="px-2 py-1.5 text-center text-muted-foreground" aria-label="Тот же филиал">
                        —
                      </td>
                    );
                  }
                  const key = cellKey(from.id, to.id);
                  const invalid = tried && Number.isNaN(daysIn(cells[key]));
                  return (
                    <td key={to.id} className="px-2 py-1.5 text-center">
                      <Input
                        className="mx-auto h-9 w-16 text-center"
                        inputMode="numeric"
                        autoComplete="off"
                        aria-label={`Дней: ${from.city} → ${to.city}`}
                        aria-invalid={invalid || undefined}
                        aria-describedby={invalid ? errorId : undefined}
                        value={cells[key] ?? ''}
                        readOnly={save.isPending}
                        onChange={(e) => setCells((c) => ({ ...c, [key]: e.target.value }))}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {tried && wrong.length > 0 && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {wrong.map((p) => `${p.from.city} → ${p.to.city}`).join(', ')}: {DAYS_ERROR}
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          Сохранить сроки
        </Button>
      </div>
    </form>
  );
}

/**
 * «Сроки перемещения между филиалами» (docs/decisions/038): whole days goods take from one branch
 * to another; an empty cell means no transfers on that route.
 */
export function TransferDaysCard() {
  const branches = useQuery(adminBranchesQuery());
  const routes = useQuery(adminTransfersQuery());
  const error = branches.error ?? routes.error;
  return (
    <SettingsCard
      title="Сроки перемещения между филиалами"
      description={`Целых дней, за которые товар привозят из филиала в строке в филиал в столбце (от ${TRANSFER_DAYS_MIN} до ${TRANSFER_DAYS_MAX}). Пустая клетка — по этому маршруту не возим. Самовывоз в филиал, где товара нет, предлагается, если его можно привезти.`}
    >
      {error ? (
        <LoadError title="Не удалось загрузить сроки перемещений" error={error} onRetry={() => void Promise.all([branches.refetch(), routes.refetch()])} />
      ) : !branches.data || !routes.data ? (
        <FormSkeleton fields={3} />
      ) : branches.data.length < 2 ? (
        <p className="text-sm text-muted-foreground">Перемещения появятся, когда филиалов будет больше одного.</p>
      ) : (
        <TransferTable key={branches.data.map((b) => b.id).join(',')} branches={branches.data} saved={routes.data} />
      )}
    </SettingsCard>
  );
}
