import { CircleCheck, CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { adminPaths } from '#client/features/admin/paths.ts';
import type { ItemResult, RunState } from './use-import-run.ts';

function ResultRow({ result }: { result: ItemResult }) {
  return (
    <li className="flex items-start gap-3 py-2.5" data-testid="import-result">
      {result.status === 'error' ? (
        <CircleX className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      ) : (
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-semibold">Товар №{result.index + 1}</span> «{result.name}»
          {result.status !== 'error' && <span className="text-muted-foreground"> · арт. {result.sku}</span>}
        </p>
        {result.status === 'error' && <p className="text-sm text-destructive">{result.message}</p>}
      </div>
      {result.status === 'created' && <Badge variant="success">Создан</Badge>}
      {result.status === 'updated' && <Badge variant="secondary">Обновлён</Badge>}
      {result.status === 'error' && <Badge variant="destructive">Ошибка</Badge>}
      {result.status !== 'error' && (
        <Link to={adminPaths.productEdit(result.productId)} className="shrink-0 text-sm font-medium text-primary underline-offset-4 hover:underline">
          Открыть
        </Link>
      )}
    </li>
  );
}

/** How far the run is, and what became of each item so far. */
export function ImportProgress({ total, results, state }: { total: number; results: ItemResult[]; state: RunState }) {
  const running = state === 'running' || state === 'stopping';
  const created = results.filter((r) => r.status === 'created').length;
  const updated = results.filter((r) => r.status === 'updated').length;
  const failed = results.filter((r) => r.status === 'error').length;
  const percent = total > 0 ? Math.round((results.length / total) * 100) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{running ? 'Идёт импорт' : state === 'stopped' ? 'Импорт остановлен' : 'Результат импорта'}</CardTitle>
        <CardDescription aria-live="polite">
          Обработано {results.length} из {total}: создано {created}, обновлено {updated}, ошибок {failed}
          {state === 'stopped' ? `, не обработано ${total - results.length}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div
          role="progressbar"
          aria-label="Ход импорта"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={results.length}
          className="h-3 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${percent}%` }} />
        </div>
        <ul className="max-h-[28rem] divide-y overflow-y-auto">
          {results.map((r) => (
            <ResultRow key={r.index} result={r} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
