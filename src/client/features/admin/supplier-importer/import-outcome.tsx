import { CircleAlert, CircleCheck, Download, Play, TriangleAlert, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { formatDateTime } from '#shared/dates.ts';
import { productsCount } from '#shared/plural.ts';
import type { ImportDetail } from '#shared/schemas/supplier-import.ts';
import { reportUrl, useApplyImport, useRollbackImport } from './api.ts';
import { BusyLabel } from '#client/components/busy-label.tsx';

function ReportLink({ detail }: { detail: ImportDetail }) {
  return (
    <Button variant="outline" asChild>
      <a href={reportUrl(detail.id)} download>
        <Download aria-hidden />
        Скачать отчёт (CSV)
      </a>
    </Button>
  );
}

function RollbackButton({ detail, onRefused }: { detail: ImportDetail; onRefused: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  const rollback = useRollbackImport(detail.id, {
    onSuccess: () => {
      setOpen(false);
      toast({ title: 'Импорт откачен', description: 'Цены, остатки и видимость товаров вернулись к прежним', variant: 'success' });
    },
    onError: (error) => {
      setOpen(false);
      onRefused(error.message);
    },
  });
  const created = detail.counts?.create ?? 0;
  const updated = (detail.counts?.update ?? 0) + (detail.counts?.absent ?? 0);
  return (
    <>
      <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setOpen(true)}>
        <Undo2 aria-hidden />
        Откатить импорт
      </Button>
      <ConfirmDialog
        open={open}
        title="Откатить импорт?"
        description={
          <>
            Цены, остатки и видимость затронутых товаров ({productsCount(updated)}) вернутся к тем, что были до импорта
            {created > 0 ? `; созданные импортом товары (${created}) будут удалены` : ''}.
          </>
        }
        confirm={
          <>
            <BusyLabel busy={rollback.isPending} icon={Undo2}>Откатить</BusyLabel>
          </>
        }
        pending={rollback.isPending}
        onConfirm={() => rollback.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** An apply that stopped or failed on the way goes on with the rows not yet written, with the same choices. */
function ResumeButton({ detail, onRefused }: { detail: ImportDetail; onRefused: (reason: string) => void }) {
  const apply = useApplyImport(detail.id, { onError: (error) => onRefused(error.message) });
  return (
    <Button onClick={() => apply.mutate({ absent: detail.options.absent, newProducts: detail.options.newProducts })} disabled={apply.isPending}>
      <BusyLabel busy={apply.isPending} icon={Play}>Продолжить применение</BusyLabel>
    </Button>
  );
}

/**
 * What became of an applied import: when, the report, the rollback while it is possible, and
 * for an apply that stopped or failed on the way, going on with the rest.
 */
export function ImportOutcome({ detail }: { detail: ImportDetail }) {
  const [refused, setRefused] = useState<{ title: string; reason: string } | null>(null);
  const unfinished = detail.status === 'stopped' || detail.status === 'failed';
  // Outside the alert's text, whose links are styled as inline links.
  const actions = (
    <div className="flex flex-wrap gap-2">
      {unfinished && <ResumeButton detail={detail} onRefused={(reason) => setRefused({ title: 'Не удалось продолжить применение', reason })} />}
      <ReportLink detail={detail} />
      {detail.canRollBack && <RollbackButton detail={detail} onRefused={(reason) => setRefused({ title: 'Откатить импорт нельзя', reason })} />}
    </div>
  );
  return (
    <div className="grid gap-3" data-testid="import-outcome">
      {detail.status === 'applied' && (
        <Alert variant="success">
          <CircleCheck aria-hidden />
          <AlertTitle>Импорт применён {formatDateTime(detail.appliedAt)}</AlertTitle>
          {detail.message && <AlertDescription>{detail.message}</AlertDescription>}
        </Alert>
      )}
      {detail.status === 'stopped' && (
        <Alert variant="warning">
          <TriangleAlert aria-hidden />
          <AlertTitle>Импорт остановлен</AlertTitle>
          <AlertDescription>
            <p>{detail.message ?? 'Применена только часть строк.'}</p>
          </AlertDescription>
        </Alert>
      )}
      {detail.status === 'failed' && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>Применение не удалось</AlertTitle>
          <AlertDescription>
            <p>{detail.message ?? 'Задача завершилась с ошибкой.'}</p>
          </AlertDescription>
        </Alert>
      )}
      {detail.status === 'rolled_back' && (
        <Alert>
          <Undo2 aria-hidden />
          <AlertTitle>Импорт откачен {formatDateTime(detail.rolledBackAt)}</AlertTitle>
          <AlertDescription>
            <p>Цены, остатки и видимость товаров вернулись к тем, что были до импорта; созданные им товары удалены.</p>
          </AlertDescription>
        </Alert>
      )}
      {actions}
      {refused && (
        <Alert variant="destructive" data-testid="outcome-refused">
          <CircleAlert aria-hidden />
          <AlertTitle>{refused.title}</AlertTitle>
          <AlertDescription>{refused.reason}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
