import { CircleAlert, Pause, Play, Square } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { cn } from '#client/lib/utils.ts';
import type { RunView } from '#shared/schemas/mass-scraper.ts';
import { isJobActive } from '#shared/jobs.ts';
import { useRunAction, type RunAction } from './api.ts';
import { RUN_STATUS_LABELS, RUN_STATUS_VARIANTS, sourceLabel } from './labels.ts';
import { formatShortDateTime } from '#shared/dates.ts';

const ACTION_DONE: Record<RunAction, string> = {
  pause: 'Загрузка приостановится после текущей страницы',
  resume: 'Загрузка продолжится с оставшихся ссылок',
  stop: 'Загрузка остановлена',
};

export function ProgressBar({ done, total, className }: { done: number; total: number; className?: string }) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label="Ход загрузки"
      aria-valuemin={0}
      aria-valuemax={total || 1}
      aria-valuenow={done}
      aria-valuetext={total > 0 ? `${done} из ${total}` : 'Собираем ссылки'}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** What the run is doing, how far it got, and staff's pause, resume and stop. */
export function RunPanel({ run }: { run: RunView }) {
  const action = useRunAction({
    onSuccess: (_data, { action: done }) => toast({ title: ACTION_DONE[done], variant: 'success' }),
    onError: (error) => toast({ title: 'Не удалось выполнить действие', description: error.message, variant: 'destructive' }),
  });
  const act = (name: RunAction) => action.mutate({ runId: run.id, action: name });
  const collecting = run.status === 'running' && run.progressTotal === 0;
  return (
    <section aria-labelledby="run-title" className="mb-6 grid gap-4 rounded-lg border bg-card p-4 md:p-6" data-testid="run-panel">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="run-title" className="text-lg font-semibold">
              Запуск №{run.id}
            </h2>
            <Badge variant={RUN_STATUS_VARIANTS[run.status]} data-testid="run-status">
              {RUN_STATUS_LABELS[run.status]}
            </Badge>
          </div>
          <p className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {sourceLabel(run)} · пауза {String(run.delaySeconds).replace('.', ',')}&nbsp;с · начат {formatShortDateTime(run.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isJobActive(run.status) && (
            <Button variant="outline" onClick={() => act('pause')} disabled={action.isPending}>
              <Pause aria-hidden />
              Пауза
            </Button>
          )}
          {run.status === 'paused' && (
            <Button onClick={() => act('resume')} disabled={action.isPending}>
              <Play aria-hidden />
              Продолжить
            </Button>
          )}
          {(isJobActive(run.status) || run.status === 'paused') && (
            <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => act('stop')} disabled={action.isPending}>
              <Square aria-hidden />
              Остановить
            </Button>
          )}
        </div>
      </div>
      <div className="grid gap-1.5">
        <ProgressBar done={run.progressDone} total={run.progressTotal} />
        <p className="text-sm text-muted-foreground" role="status" data-testid="run-progress">
          {collecting ? 'Собираем ссылки на товары…' : `Обработано ${run.progressDone} из ${run.progressTotal}`}
        </p>
      </div>
      {run.status === 'failed' && run.error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>Запуск не удался</AlertTitle>
          <AlertDescription>{run.error}</AlertDescription>
        </Alert>
      )}
    </section>
  );
}
