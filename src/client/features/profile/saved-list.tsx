import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, Pencil, Plus, RotateCw, Trash2, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CardFooter } from '#client/components/ui/card.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast-store.ts';

/**
 * The add-or-edit dialog of a saved list (stays mounted; `formKey` gives it a fresh form at each
 * opening, so nothing that arrives while the customer types puts back what they typed) and the
 * item waiting for «Удалить?».
 */
export function useSavedListDialogs<T>() {
  const [editing, setEditing] = useState<T | undefined>(undefined);
  const [formOpen, setFormOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    editing,
    formOpen,
    formKey,
    setFormOpen,
    /** The form for `item`, or for a new one. */
    openForm: (item?: T) => {
      setEditing(item);
      setFormKey((n) => n + 1);
      setFormOpen(true);
    },
    deleting,
    askDelete: setDeleting,
    closeDelete: () => setDeleting(null),
  };
}

type SavedListProps<T> = {
  id: string;
  title: string;
  intro: string;
  addLabel: string;
  onAdd: () => void;
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;
  items: T[];
  max: number;
  fullNotice: string;
  /** The loading cards: what they announce and how tall they stand. */
  loading: { label: string; height: string };
  errorTitle: string;
  empty: { icon: LucideIcon; title: string; text: string };
  listLabel: string;
  renderCard: (item: T) => ReactNode;
  children: ReactNode;
};

/**
 * A tab of the personal account listing what the customer saved (addresses, organisations): the
 * heading with «Добавить…», a word when the list is full, and the cards, or their loading, failure
 * or absence. `children` are the tab's dialogs.
 */
export function SavedList<T extends { id: number }>({
  id,
  title,
  intro,
  addLabel,
  onAdd,
  query,
  items,
  max,
  fullNotice,
  children,
  ...body
}: SavedListProps<T>) {
  const full = items.length >= max;
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={id} className="text-xl font-bold">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{intro}</p>
        </div>
        <Button onClick={onAdd} disabled={full || query.isPending}>
          <Plus aria-hidden />
          {addLabel}
        </Button>
      </div>
      {full && <p className="text-sm text-muted-foreground">{fullNotice}</p>}
      <SavedListBody query={query} items={items} {...body} />
      {children}
    </section>
  );
}

function SavedListBody<T extends { id: number }>({
  query,
  items,
  loading,
  errorTitle,
  empty,
  listLabel,
  renderCard,
}: Omit<SavedListProps<T>, 'id' | 'title' | 'intro' | 'addLabel' | 'onAdd' | 'max' | 'fullNotice' | 'children'>) {
  if (query.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label={loading.label}>
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
          <p>{query.error?.message}</p>
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
      </div>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label={listLabel}>
      {items.map((item) => (
        <li key={item.id}>{renderCard(item)}</li>
      ))}
    </ul>
  );
}

/**
 * A saved card's footer: «Изменить», whatever else the card offers (`children`), «Удалить»;
 * `subject` names the card for screen readers («адрес «Дом»»).
 */
export function SavedCardActions({ subject, onEdit, onDelete, children }: { subject: string; onEdit: () => void; onDelete: () => void; children?: ReactNode }) {
  return (
    <CardFooter className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Изменить ${subject}`}>
        <Pencil aria-hidden />
        Изменить
      </Button>
      {children}
      <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={onDelete} aria-label={`Удалить ${subject}`}>
        <Trash2 aria-hidden />
        Удалить
      </Button>
    </CardFooter>
  );
}

/**
 * «Удалить …?» for a saved item (open while there is one; orders already placed keep their copy).
 * A refusal is said in a toast and the question stays open.
 */
export function DeleteSavedDialog<T extends { id: number }>({
  item,
  title,
  describe,
  remove,
  removed,
  failure,
  onClose,
}: {
  item: T | null;
  title: string;
  /** The item as the question names it. */
  describe: (item: T) => string;
  remove: { isPending: boolean; mutate: (id: number, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void };
  /** The success toast. */
  removed: (item: T) => { title: string; description?: string };
  failure: string;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      className="max-w-md"
      title={title}
      description={`${item ? describe(item) : ''}. Уже оформленные заказы не изменятся.`}
      confirm={
        <>
          <Trash2 aria-hidden />
          {remove.isPending ? 'Удаление...' : 'Удалить'}
        </>
      }
      pending={remove.isPending}
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            toast({ ...removed(item), variant: 'success' });
            onClose();
          },
          onError: (error) => toast({ title: failure, description: error.message, variant: 'destructive' }),
        })
      }
      onClose={onClose}
    />
  );
}
