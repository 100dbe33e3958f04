import { TriangleAlert } from 'lucide-react';
import { cn } from '#client/lib/utils.ts';
import type { ImportCounts, RowAction } from '#shared/schemas/supplier-import.ts';

const countFormat = new Intl.NumberFormat('ru-RU');

/** The card labels before the import is applied (what would happen) and after (what happened). */
const LABELS: Record<RowAction, { before: string; after: string }> = {
  create: { before: 'Новые', after: 'Созданы' },
  update: { before: 'Изменятся', after: 'Изменены' },
  unchanged: { before: 'Без изменений', after: 'Без изменений' },
  error: { before: 'Ошибки', after: 'Ошибки' },
  absent: { before: 'Нет в прайсе', after: 'Нет в прайсе' },
};
const ORDER: RowAction[] = ['create', 'update', 'unchanged', 'error', 'absent'];

export const rowActionLabel = (action: RowAction, applied: boolean) => LABELS[action][applied ? 'after' : 'before'];

/**
 * The import's numbers as cards; each opens its rows below. Price changes over the supplier's
 * threshold are counted on the «Изменятся» card, in the warning colour.
 */
export function CountCards({
  counts,
  applied,
  selected,
  onSelect,
}: {
  counts: ImportCounts;
  applied: boolean;
  selected: RowAction | null;
  onSelect: (action: RowAction) => void;
}) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" aria-label="Итоги проверки" data-testid="import-counts">
      {ORDER.map((action) => {
        const n = counts[action];
        const tone = action === 'error' && n > 0 ? 'text-destructive' : action === 'create' && n > 0 ? 'text-success' : '';
        return (
          <li key={action} className={action === 'absent' ? 'col-span-2 sm:col-span-1' : undefined}>
            <button
              type="button"
              onClick={() => onSelect(action)}
              aria-pressed={selected === action}
              data-testid={`count-${action}`}
              className={cn(
                'grid h-full w-full content-start gap-1 rounded-lg border bg-card p-3 text-left transition-colors hover:border-foreground/40 sm:p-4',
                selected === action && 'border-primary ring-1 ring-primary',
              )}
            >
              <span className="text-sm text-muted-foreground">{rowActionLabel(action, applied)}</span>
              <span className={cn('text-2xl font-bold tabular-nums', tone)}>{countFormat.format(n)}</span>
              {action === 'update' && counts.flagged > 0 && (
                <span className="inline-flex w-fit items-center gap-1 rounded-md bg-warning-muted px-1.5 py-0.5 text-xs font-semibold text-warning">
                  <TriangleAlert className="size-3" aria-hidden />
                  {countFormat.format(counts.flagged)} с большим изменением цены
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
