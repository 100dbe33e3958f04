import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter } from '#client/components/ui/dialog.tsx';
import { TitledDialog } from './titled-dialog.tsx';

/**
 * A destructive action asked once more: 'Отмена' and the action's button (`confirm`: its icon and
 * text). While `pending`, both are disabled and the dialog cannot be dismissed. `children` go
 * between the question and the buttons (a confirmation word to type, say); Enter in them
 * confirms unless `confirmDisabled`.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirm,
  pending,
  confirmDisabled = false,
  className,
  children,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirm: ReactNode;
  pending: boolean;
  confirmDisabled?: boolean;
  className?: string;
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <TitledDialog open={open} title={title} description={description} className={className} busy={pending} onClose={onClose}>
      <form
        method="post"
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending && !confirmDisabled) onConfirm();
        }}
      >
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Отмена
          </Button>
          <Button type="submit" variant="destructive" disabled={pending || confirmDisabled}>
            {confirm}
          </Button>
        </DialogFooter>
      </form>
    </TitledDialog>
  );
}
