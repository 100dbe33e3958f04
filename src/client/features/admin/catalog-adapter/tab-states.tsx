import type { UseQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { EmptyPanel, type EmptyStateProps } from '#client/features/admin/components/empty-state.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { compileRegex } from '#shared/catalog-adapter.ts';

/** A tab's list is loading: a spinner with what is coming, on the card colour so it shows. */
export function TabLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex items-center justify-center gap-3 rounded-lg border bg-card p-10 text-sm text-muted-foreground">
      <Spinner label={label} />
      <span aria-hidden>{label}…</span>
    </div>
  );
}

/** What a tab lists and its «Добавить …» button, side by side from the small breakpoint up. */
export function AddBar({ text, label, onAdd }: { text: string; label: string; onAdd: () => void }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">{text}</p>
      <Button onClick={onAdd} className="shrink-0">
        <Plus aria-hidden />
        {label}
      </Button>
    </div>
  );
}

/** A tab's list: loading, its failure with «Повторить», nothing yet, or the items (`children`). */
export function TabList<T>({
  query,
  loading,
  failure,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  loading: string;
  failure: string;
  empty: EmptyStateProps;
  children: (list: T[]) => ReactNode;
}) {
  if (query.isPending) return <TabLoading label={loading} />;
  if (query.isError) return <LoadError title={failure} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyPanel {...empty} />;
  return children(query.data);
}

/**
 * A saved expression the shop no longer runs (saved before RE2 ran staff's expressions, issue 25):
 * why, so staff rewrite it; imports pass it over.
 */
export function PatternNotRun({ pattern }: { pattern: string }) {
  const compiled = compileRegex(pattern);
  if (compiled.ok) return null;
  return (
    <span className="mt-1 block font-sans text-xs font-normal text-destructive" data-testid="pattern-not-run">
      Не применяется: {compiled.message}
    </span>
  );
}
