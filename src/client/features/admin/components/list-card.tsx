import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { EmptyState, type EmptyStateProps } from './empty-state.tsx';
import { ListSkeleton } from './list-skeleton.tsx';
import { LoadError } from './load-error.tsx';

type ListCardProps = {
  title: string;
  description: ReactNode;
  query: Pick<UseQueryResult, 'data' | 'error' | 'isError' | 'isFetching' | 'isPending' | 'isPlaceholderData' | 'refetch'>;
  /** What the spinner of a refresh, the loading rows and the failure say. */
  labels: { refreshing: string; loading: string; failure: string };
  /** Whether the loading rows show: while the first page comes, unless told (a query not asked). */
  loading?: boolean;
  /** What stands for the items when there are none; null when there are. */
  empty: EmptyStateProps | null;
  /** The items, dimmed while the next page comes. */
  children: ReactNode;
};

/**
 * A paged list of the back office in a card: the title, the count or what it lists, and a spinner
 * while it is read again; under them the items, or their loading, failure with «Повторить» or absence.
 */
export function ListCard({ title, description, query, labels, loading = query.isPending, empty, children }: ListCardProps) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
        <div>
          <CardTitle as="h2">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {query.isFetching && !query.isPending && <Spinner size="sm" label={labels.refreshing} />}
      </CardHeader>
      {query.isError && !query.data ? (
        <div className="p-4 pt-0 sm:p-6 sm:pt-0">
          <LoadError title={labels.failure} error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ) : loading ? (
        <div className="p-4 pt-0 sm:p-6 sm:pt-0">
          <ListSkeleton label={labels.loading} />
        </div>
      ) : empty ? (
        <EmptyState className="border-t" {...empty} />
      ) : (
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{children}</div>
      )}
    </Card>
  );
}
