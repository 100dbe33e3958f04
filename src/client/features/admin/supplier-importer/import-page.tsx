import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Check, CircleAlert, FileQuestion, Info, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ApiError } from '#client/lib/api.ts';
import { cn } from '#client/lib/utils.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { ImportCounts, ImportDetail, ImportStatus } from '#shared/schemas/supplier-import.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { importQuery, useRefreshWhenSettled } from './api.ts';
import { ApplyPanel } from './apply-panel.tsx';
import { CountCards } from './counts.tsx';
import { ImportStatusBadge } from './format.tsx';
import { ImportOutcome } from './import-outcome.tsx';
import { ImportRows, useRowsFilters } from './import-rows.tsx';
import { MappingStep } from './mapping-step.tsx';
import { JobProgress } from './progress.tsx';

const STEPS = ['Загрузка', 'Колонки', 'Проверка', 'Применение'] as const;

/** The step a status stands at (0-based) and whether that step is finished. */
function stepOf(detail: ImportDetail): { at: number; done: boolean } {
  const steps: Record<ImportStatus, { at: number; done: boolean }> = {
    uploaded: { at: 1, done: false },
    checking: { at: 2, done: false },
    previewed: { at: 3, done: false },
    refused: { at: 3, done: false },
    applying: { at: 3, done: false },
    applied: { at: 3, done: true },
    stopped: { at: 3, done: false },
    rolled_back: { at: 3, done: true },
    // A failure before the dry run counted anything is the dry run's; after it, the apply's.
    failed: { at: detail.counts ? 3 : 2, done: false },
  };
  return steps[detail.status];
}

function Steps({ detail }: { detail: ImportDetail }) {
  const { at, done } = stepOf(detail);
  return (
    <ol className="mb-4 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Шаги импорта">
      {STEPS.map((label, i) => {
        const finished = i < at || (i === at && done);
        const current = i === at && !done;
        return (
          <li key={label} className={cn('flex items-center gap-2', current ? 'font-semibold' : 'text-muted-foreground')} aria-current={current ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-6 items-center justify-center rounded-full border text-xs tabular-nums',
                finished && 'border-success bg-success text-success-foreground',
                current && 'border-primary bg-primary text-primary-foreground',
              )}
            >
              {finished ? <Check className="size-3.5" aria-label="готово" /> : i + 1}
            </span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}

/** The import went through: the cards say what was done. A stopped or failed one says what the dry run found. */
const isApplied = (detail: ImportDetail) => detail.status === 'applied' || detail.status === 'rolled_back';
const ROWS_ID = 'import-rows';

/** The numbers of a dry run or an applied import; a card opens its rows' tab below (the tab is in the address, shared with the rows). */
function Counts({ detail, counts }: { detail: ImportDetail; counts: ImportCounts }) {
  const [filters, setFilters] = useRowsFilters(counts);
  return (
    <CountCards
      counts={counts}
      applied={isApplied(detail)}
      selected={filters.rows === 'all' ? null : filters.rows}
      onSelect={(rows) => {
        setFilters({ rows });
        document.getElementById(ROWS_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }}
    />
  );
}

function Rows({ detail, counts }: { detail: ImportDetail; counts: ImportCounts }) {
  const [filters, setFilters] = useRowsFilters(counts);
  return (
    <section id={ROWS_ID} aria-label="Строки прайс-листа" className="scroll-mt-16">
      <ImportRows importId={detail.id} counts={counts} applied={isApplied(detail)} filters={filters} onChange={setFilters} />
    </section>
  );
}

/** A dry run's result: the numbers, the choices and «Применить», the rows; or the mapping again on request. */
function Previewed({ detail, counts }: { detail: ImportDetail; counts: ImportCounts }) {
  const [remap, setRemap] = useState(false);
  if (remap) return <MappingStep detail={detail} onCancel={() => setRemap(false)} />;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Counts detail={detail} counts={counts} />
      <ApplyPanel detail={detail} counts={counts} onRemap={() => setRemap(true)} />
      <Rows detail={detail} counts={counts} />
    </div>
  );
}

/** The dry run failed: why, and the mapping to try again when the file is there to read. */
function CheckFailed({ detail }: { detail: ImportDetail }) {
  const readable = detail.preview.headers.length > 0 || detail.preview.rows.length > 0;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Alert variant="destructive" data-testid="import-failed">
        <CircleAlert aria-hidden />
        <AlertTitle>Проверка не удалась</AlertTitle>
        <AlertDescription>
          <p>{detail.message ?? 'Задача завершилась с ошибкой.'}</p>
          {!readable && (
            <p>
              Загрузите прайс-лист заново на вкладке <Link to={adminPaths.supplier(detail.supplierId, 'import')}>«Новый импорт»</Link>.
            </p>
          )}
        </AlertDescription>
      </Alert>
      {readable && <MappingStep detail={detail} />}
    </div>
  );
}

function ImportView({ detail }: { detail: ImportDetail }) {
  useRefreshWhenSettled(detail);
  const { status, counts } = detail;
  const running = status === 'checking' || status === 'applying';
  // Applied, or stopped or failed while applying: what became of it, with the report and the rollback.
  const settled = status === 'applied' || status === 'stopped' || status === 'rolled_back' || (status === 'failed' && counts !== null);
  return (
    <>
      <PageHeader
        title={`Импорт №${detail.id}`}
        description={`${detail.supplierName} · ${detail.fileName}`}
        actions={
          <Button variant="outline" asChild>
            <Link to={adminPaths.supplier(detail.supplierId, 'history')}>
              <ArrowLeft aria-hidden />
              К поставщику
            </Link>
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <ImportStatusBadge status={detail.status} />
        <span>
          {detail.trigger === 'schedule' ? 'По расписанию' : `Загрузил ${detail.createdByName ?? '—'}`} · {formatDateTime(detail.createdAt)}
        </span>
        {detail.sourceUrl && <span className="break-all">{detail.sourceUrl}</span>}
      </div>
      <Steps detail={detail} />

      {running && detail.jobId !== null && (
        <JobProgress
          key={detail.jobId}
          jobId={detail.jobId}
          title={status === 'checking' ? 'Идёт проверка прайс-листа' : 'Идёт применение'}
          unit={status === 'checking' ? 'строк' : 'товаров'}
          stoppable={status === 'applying'}
        />
      )}

      {status === 'uploaded' && (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
          {detail.message && (
            <Alert>
              <Info aria-hidden />
              <AlertTitle>{detail.message}</AlertTitle>
            </Alert>
          )}
          <MappingStep detail={detail} />
        </div>
      )}

      {status === 'failed' && counts === null && <CheckFailed detail={detail} />}

      {status === 'previewed' && counts && <Previewed detail={detail} counts={counts} />}

      {status === 'refused' && (
        <Alert variant="warning" data-testid="import-refused">
          <TriangleAlert aria-hidden />
          <AlertTitle>Автоматический импорт отклонён: ничего не изменено</AlertTitle>
          <AlertDescription>
            <p>{detail.message ?? 'Изменения превышают пределы из настроек поставщика.'}</p>
            <p>
              Если изменения верны, загрузите прайс-лист вручную на вкладке{' '}
              <Link to={adminPaths.supplier(detail.supplierId, 'import')}>«Новый импорт»</Link> или поднимите пределы в настройках поставщика.
            </p>
          </AlertDescription>
        </Alert>
      )}

      {settled && (
        <div className="mb-4">
          <ImportOutcome detail={detail} />
        </div>
      )}

      {(settled || status === 'applying' || status === 'refused') && counts && (
        <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-4">
          <Counts detail={detail} counts={counts} />
          <Rows detail={detail} counts={counts} />
        </div>
      )}
    </>
  );
}

/** /admin/supplier-importer/imports/:id: one import at whatever step it is, a running job followed on screen. */
export default function ImportPage() {
  const { id } = useParams();
  const importId = Number(id);
  const valid = Number.isInteger(importId) && importId > 0;
  useAdminTitle(valid ? `Импорт №${importId}` : 'Импорт не найден');
  const query = useQuery({ ...importQuery(importId), enabled: valid });

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <EmptyPanel icon={FileQuestion} title="Импорт не найден" text="Возможно, ссылка устарела.">
        <Button asChild>
          <Link to={adminPaths.supplierImporter}>К импорту прайс-листов</Link>
        </Button>
      </EmptyPanel>
    );
  }
  if (query.isError && !query.data) return <LoadError title="Не удалось загрузить импорт" error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-busy="true" aria-label="Загрузка импорта">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-5 w-96 max-w-full" />
        <Skeleton className="h-8 w-full max-w-xl" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return <ImportView detail={query.data} />;
}
