import { useQuery } from '@tanstack/react-query';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { useListFilters } from '#client/features/admin/components/use-list-filters.ts';
import { ITEM_STATUSES, type ItemStatus } from '#shared/schemas/mass-scraper.ts';
import { runQuery, runsQuery } from './api.ts';
import { RunItems } from './run-items.tsx';
import { RunPanel } from './run-panel.tsx';
import { RunsList } from './runs-list.tsx';
import { StartRunForm } from './start-run-form.tsx';

type Filters = { run: number | null; status: ItemStatus | null; query: string };
const NO_FILTERS: Filters = { run: null, status: null, query: '' };

function readFilters(params: URLSearchParams): Filters {
  const run = Number(params.get('run'));
  const status = params.get('status');
  return {
    run: Number.isInteger(run) && run > 0 ? run : null,
    status: ITEM_STATUSES.find((s) => s === status) ?? null,
    query: params.get('query') ?? '',
  };
}

/** The chosen run: its progress and actions, then its pages for review. */
function SelectedRun({ id, filters, onFilters }: { id: number; filters: Filters & { page: number }; onFilters: (patch: Partial<Filters & { page: number }>) => void }) {
  const run = useQuery(runQuery(id));
  if (run.isPending) return <ListSkeleton label="Загрузка запуска" />;
  if (run.isError) return <LoadError title="Не удалось загрузить запуск" error={run.error} onRetry={() => void run.refetch()} />;
  return (
    <>
      <RunPanel run={run.data} />
      <RunItems key={id} run={run.data} filters={filters} onFilters={onFilters} />
    </>
  );
}

/** /admin/mass-scraper «Массовая загрузка»: many supplier pages at once, reviewed before anything is published. */
export default function MassScraperPage() {
  useAdminTitle('Массовая загрузка');
  const [filters, setFilters] = useListFilters(readFilters, NO_FILTERS);
  const runs = useQuery(runsQuery());
  const selected = filters.run ?? runs.data?.[0]?.id ?? null;

  return (
    <>
      <PageHeader
        title="Массовая загрузка"
        description="Товары со многих страниц сайтов поставщиков сразу: загрузка идёт в фоне, результаты ждут вашей проверки."
      />
      <StartRunForm onStarted={(run) => setFilters({ run: run.id, status: null, query: '' })} />
      {runs.isPending ? (
        <ListSkeleton label="Загрузка запусков" />
      ) : runs.isError ? (
        <LoadError title="Не удалось загрузить запуски" error={runs.error} onRetry={() => void runs.refetch()} />
      ) : (
        <>
          <RunsList runs={runs.data} selected={selected} onSelect={(run) => setFilters({ run, status: null, query: '' })} />
          {selected !== null && <SelectedRun id={selected} filters={filters} onFilters={setFilters} />}
        </>
      )}
    </>
  );
}
