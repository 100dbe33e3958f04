import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, RotateCw, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { cn } from '#client/lib/utils.ts';

export type AccountListProps<T> = {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;
  items: T[];
  /** The loading cards: what they announce and how tall they stand. */
  loading: { label: string; height: string };
  errorTitle: string;
  /** What the failure says under its title: the server's word unless told. */
  errorText?: string;
  /** Nothing yet: its icon, what is missing, what would bring it, and where to go for it. */
  empty: { icon: LucideIcon; title: string; text: string; action?: ReactNode };
  listLabel: string;
  /** The grid's columns, of the loading cards and the items alike. */
  columns?: string;
  renderCard: (item: T) => ReactNode;
};

/** A list of the personal account (orders, addresses, organisations): its cards, or their loading, failure with «Повторить», or absence. */
export function AccountList<T extends { id: number }>({ query, items, loading, errorTitle, errorText, empty, listLabel, columns, renderCard }: AccountListProps<T>) {
  if (query.isPending) {
    return (
      <div className={cn('grid gap-4', columns)} aria-busy="true" aria-label={loading.label}>
        {[0, 1].map((i) => (
          <Skeleton key={i} className={`${loading.height} w-full`} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>{errorTitle}</AlertTitle>
        <AlertDescription>
          <p>{errorText ?? query.error?.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden />
            Повторить
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (items.length === 0) {
    const Icon = empty.icon;
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-12 text-center">
        <Icon className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-lg font-semibold">{empty.title}</p>
        <p className="max-w-md text-muted-foreground">{empty.text}</p>
        {empty.action}
      </div>
    );
  }
  return (
    <ul className={cn('grid gap-4', columns)} aria-label={listLabel}>
      {items.map((item) => (
        <li key={item.id}>{renderCard(item)}</li>
      ))}
    </ul>
  );
}
