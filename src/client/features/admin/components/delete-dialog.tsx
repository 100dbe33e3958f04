import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { BusyLabel } from '#client/components/busy-label.tsx';

/**
 * «Удалить …?» for the list item `target` (open while there is one): the confirm button is
 * «Удалить» with a bin, or a spinner while `pending` (unless `spinner` is false).
 */
export function DeleteDialog<T>({
  target,
  title,
  description,
  pending,
  spinner = true,
  onConfirm,
  onClose,
}: {
  target: T | null;
  title: string;
  description: ReactNode;
  pending: boolean;
  spinner?: boolean;
  onConfirm: (target: T) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      description={description}
      confirm={
        <>
          <BusyLabel busy={spinner && pending} icon={Trash2}>Удалить</BusyLabel>
        </>
      }
      pending={pending}
      onConfirm={() => target !== null && onConfirm(target)}
      onClose={onClose}
    />
  );
}
