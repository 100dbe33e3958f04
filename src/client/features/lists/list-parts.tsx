import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Breadcrumbs } from '#client/components/ui/breadcrumbs.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/paths.ts';
import { LIST_LIMITS } from '#shared/list-limits.ts';
import type { ListKind } from '#shared/product-lists.ts';
import { useClearList } from './api.ts';

/** The page's frame: breadcrumbs, the title with the count, the clear button, and a refused form's reason. */
export function ListPage({ kind, title, count, children }: { kind: ListKind; title: string; count: number; children: ReactNode }) {
  const [params] = useSearchParams();
  const error = params.get('error');
  const clear = useClearList(kind);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: 'Главная', to: paths.home }, { label: title }]} />
      <div className="mt-4 mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">
          {title}
          {count > 0 && <span className="ml-2 text-lg font-medium text-muted-foreground">({count})</span>}
        </h1>
        {count > 0 && (
          <Button variant="outline" size="sm" disabled={clear.isPending} onClick={() => clear.mutate()}>
            {kind === 'favorites' ? 'Очистить избранное' : 'Очистить сравнение'}
          </Button>
        )}
      </div>
      {/* A heart or «Сравнить» sent before the script loaded and refused: why. */}
      {(error === 'limit' || error === 'missing') && (
        <Alert variant="destructive" className="mb-6">
          <AlertDescription>{error === 'limit' ? LIST_LIMITS[kind].message : 'Товар не найден'}</AlertDescription>
        </Alert>
      )}
      {children}
    </div>
  );
}

/** An empty list: what it is for and the way to the catalogue. */
export function EmptyList({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-4 py-16 text-center">
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="max-w-md text-muted-foreground">{text}</p>
      <Button asChild size="lg">
        <Link to={paths.products}>Перейти в каталог</Link>
      </Button>
    </div>
  );
}
