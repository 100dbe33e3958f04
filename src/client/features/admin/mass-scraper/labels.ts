import type { BadgeProps } from '#client/components/ui/badge.tsx';
import type { JobStatus } from '#shared/jobs.ts';
import type { ItemStatus, RunView } from '#shared/schemas/mass-scraper.ts';

export const RUN_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Ждёт очереди',
  running: 'Идёт загрузка',
  paused: 'Приостановлен',
  stopped: 'Остановлен',
  done: 'Завершён',
  failed: 'Не удался',
};

type Variant = NonNullable<BadgeProps['variant']>;

export const RUN_STATUS_VARIANTS: Record<JobStatus, Variant> = {
  queued: 'secondary',
  running: 'default',
  paused: 'warning',
  stopped: 'outline',
  done: 'success',
  failed: 'destructive',
};

export const ITEM_STATUS_VARIANTS: Record<ItemStatus, Variant> = {
  pending: 'secondary',
  extracted: 'default',
  failed: 'destructive',
  duplicate: 'warning',
  published: 'success',
  discarded: 'outline',
};

/** «Список: 12 ссылок» or the collected page's address. */
export function sourceLabel(run: RunView): string {
  if (run.source.kind === 'list') return `Список ссылок: ${run.source.count}`;
  return `${run.source.url} (до ${run.source.limit})`;
}
