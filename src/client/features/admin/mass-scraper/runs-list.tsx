import { History } from 'lucide-react';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { cn } from '#client/lib/utils.ts';
import type { RunView } from '#shared/schemas/mass-scraper.ts';
import { RUN_STATUS_LABELS, RUN_STATUS_VARIANTS, sourceLabel } from './labels.ts';
import { formatShortDateTime } from '#shared/dates.ts';
import { ProgressBar } from './run-panel.tsx';

/** The latest runs; choosing one opens its pages for review. */
export function RunsList({ runs, selected, onSelect }: { runs: RunView[]; selected: number | null; onSelect: (id: number) => void }) {
  if (runs.length === 0) {
    return (
      <EmptyPanel
        className="mb-6"
        icon={History}
        title="Запусков пока не было"
        text="Вставьте ссылки на страницы товаров или ссылку на категорию — найденные товары появятся здесь для проверки."
      />
    );
  }
  return (
    <nav aria-label="Запуски" className="mb-6">
      <h2 className="mb-2 text-sm font-semibold text-muted-foreground uppercase">Запуски</h2>
      <ul className="grid gap-2 md:grid-cols-2 xl:grid-cols-3">
        {runs.map((run) => (
          <li key={run.id}>
            <button
              type="button"
              onClick={() => onSelect(run.id)}
              aria-current={run.id === selected ? 'true' : undefined}
              className={cn(
                'grid w-full gap-2 rounded-lg border bg-card p-3 text-left transition-colors hover:border-primary/60',
                run.id === selected && 'border-primary ring-1 ring-primary',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold">№{run.id}</span>
                <Badge variant={RUN_STATUS_VARIANTS[run.status]}>{RUN_STATUS_LABELS[run.status]}</Badge>
              </span>
              <span className="truncate text-sm text-muted-foreground">{sourceLabel(run)}</span>
              <ProgressBar done={run.progressDone} total={run.progressTotal} />
              <span className="text-xs text-muted-foreground">
                {formatShortDateTime(run.createdAt)} · к проверке {run.counts.extracted} · ошибок {run.counts.failed} · повторов {run.counts.duplicate}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
