import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Breadcrumbs } from '#client/components/ui/breadcrumbs.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/paths.ts';
import { LIST_LIMITS } from '#shared/list-limits.ts';
import { NEW_LISTS_LIMITED, type ListKind } from '#shared/product-lists.ts';
import { useClearList } from './api.ts';

/** Why a heart or «Сравнить» sent before the script loaded was refused (`?error=`), as the page says it. */
function formErrorOf(kind: ListKind, error: string | null): string | null {
  if (error === 'limit') return LIST_LIMITS[kind].message;
  if (error === 'missing') return 'Товар не найден';
  if (error === 'limited') return `${NEW_LISTS_LIMITED} Попробуйте позже.`;
  return null;
}

/**
 * «Очистить»: a plain form to the server that comes back to this page before the script loads;
 * with it, the list empties in place.
 */
function ClearListForm({ kind }: { kind: ListKind }) {
  const clear = useClearList(kind);
  return (
    <form
      method="post"
      action={`/api/lists/${kind}/form`}
      onSubmit={(event) => {
        event.preventDefault();
        clear.mutate();
      }}
    >
      <input type="hidden" name="action" value="clear" />
      <Button type="submit" variant="outline" size="sm" disabled={clear.isPending}>
        {kind === 'favorites' ? 'Очистить избранное' : 'Очистить сравнение'}
      </Button>
    </form>
  );
}

/** The page's frame: breadcrumbs, the title with the count, the clear button, and a refused form's reason. */
export function ListPage({ kind, title, count, children }: { kind: ListKind; title: string; count: number; children: ReactNode }) {
  const [params] = useSearchParams();
  const error = formErrorOf(kind, params.get('error'));
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: 'Главная', to: paths.home }, { label: title }]} />
      <div className="mt-4 mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">
          {title}
          {count > 0 && <span className="ml-2 text-lg font-medium text-muted-foreground">({count})</span>}
        </h1>
        {count > 0 && <ClearListForm kind={kind} />}
      </div>
      {/* A heart or «Сравнить» sent before the script loaded and refused: why. */}
      {error && (
        <Alert variant="destructive" className="mb-6">
          <AlertDescription>{error}</AlertDescription>
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
