import type { FormEventHandler, ReactNode } from 'react';
import { TitledDialog } from '#client/components/titled-dialog.tsx';
import { DialogSaveFooter } from './dialog-save-footer.tsx';

/**
 * A back-office dialog holding one form: its fields (`children`), then «Отмена» and the save
 * button. It cannot be dismissed while `saving`. Mounted only while open.
 */
export function FormDialog({
  title,
  description,
  className,
  saving,
  saveLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  className?: string;
  saving: boolean;
  saveLabel?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <TitledDialog title={title} description={description} className={className} busy={saving} onClose={onClose}>
      <form method="post" noValidate className="grid gap-4" onSubmit={onSubmit}>
        {children}
        <DialogSaveFooter saving={saving} onCancel={onClose} saveLabel={saveLabel} />
      </form>
    </TitledDialog>
  );
}

/**
 * FormDialog's `saving` and `onSubmit` for a form saved by the mutation `save`, once
 * `handleSubmit` has checked its values.
 */
export function savedBy<V>(
  save: { isPending: boolean; mutate: (values: V) => void },
  handleSubmit: (onValid: (values: V) => void) => FormEventHandler<HTMLFormElement>,
) {
  return { saving: save.isPending, onSubmit: handleSubmit((values) => save.mutate(values)) };
}
