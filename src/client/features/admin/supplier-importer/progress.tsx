import { useQuery } from '@tanstack/react-query';
import { CircleAlert, Loader2, Square } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { cn } from '#client/lib/utils.ts';
import { jobQuery, useStopJob } from './api.ts';

/**
 * A bar from 0 to 1; without a value it pulses across its width (the job has not said yet how
 * much there is).
 */
export function ProgressBar({ value, label, className }: { value: number | null; label: string; className?: string }) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      className={cn('relative h-3 overflow-hidden rounded-full bg-muted', className)}
    >
      {percent === null ? (
        <div className="h-full w-full animate-pulse rounded-full bg-primary/50" />
      ) : (
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
      )}
    </div>
  );
}

const countFormat = new Intl.NumberFormat('ru-RU');

/**
 * A background job followed on screen: its progress every second while it runs and a stop
 * button when `stoppable`. A failed job's message stays on screen.
 */
export function JobProgress({
  jobId,
  title,
  unit,
  stoppable = false,
}: {
  jobId: number;
  title: string;
  /** What the job counts, after a number: 'строк', 'товаров'. */
  unit: string;
  stoppable?: boolean;
}) {
  const job = useQuery(jobQuery(jobId));

  const stop = useStopJob({
    onSuccess: () => toast({ title: 'Остановка запрошена', description: 'Задача остановится после текущей порции строк.' }),
    onError: (error) => toast({ title: 'Не удалось остановить', description: error.message, variant: 'destructive' }),
  });

  if (job.isError && !job.data) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>Не удалось узнать ход задачи</AlertTitle>
        <AlertDescription>{job.error.message}</AlertDescription>
      </Alert>
    );
  }

  const data = job.data;
  if (data?.status === 'failed') {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>{title}: ошибка</AlertTitle>
        <AlertDescription>{data.error ?? 'Задача завершилась с ошибкой.'}</AlertDescription>
      </Alert>
    );
  }

  const total = data?.progressTotal ?? null;
  const done = data?.progressDone ?? 0;
  const stopping = stop.isPending || stop.isSuccess;
  return (
    <div className="grid gap-3 rounded-lg border bg-card p-4 sm:p-6" data-testid="job-progress">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 font-semibold">
          <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
          {title}
        </p>
        {stoppable && (
          <Button variant="destructive" size="sm" onClick={() => stop.mutate(jobId)} disabled={stopping || !data}>
            <Square aria-hidden />
            {stopping ? 'Останавливаем...' : 'Остановить'}
          </Button>
        )}
      </div>
      <ProgressBar value={total ? done / total : null} label={title} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {!data || data.status === 'queued'
          ? 'Задача в очереди, сейчас начнётся…'
          : total
            ? `Обработано ${countFormat.format(done)} из ${countFormat.format(total)} ${unit} (${Math.round((done / total) * 100)} %)`
            : `Обработано ${countFormat.format(done)} ${unit}`}
      </p>
    </div>
  );
}
