import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { CardFooter } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { AccountList, type AccountListProps } from './account-list.tsx';

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

type SavedListProps<T> = Omit<AccountListProps<T>, 'errorText' | 'columns'> & {
  id: string;
  title: string;
  intro: string;
  addLabel: string;
  onAdd: () => void;
  max: number;
  fullNotice: string;
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
      <AccountList query={query} items={items} columns="md:grid-cols-2" {...body} />
      {children}
    </section>
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
