import { Download } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { CurrentPasswordField, useCurrentPassword } from '#client/features/admin/components/current-password-field.tsx';
import { formatDateTime } from '#shared/dates.ts';
import type { BackupFile } from '#shared/types.ts';
import { useDownloadBackup } from './api.ts';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';

/** A copy holds every account and order: the administrator's password is asked before each download. */
export function BackupDownloadDialog({ file, onClose }: { file: BackupFile | null; onClose: () => void }) {
  const password = useCurrentPassword();
  const close = () => {
    password.clear();
    onClose();
  };
  const download = useDownloadBackup({
    onSuccess: (_done, { name }) => {
      toast({ title: 'Скачивание началось', description: name, variant: 'success' });
      close();
    },
    onError: (failure) => {
      if (!password.refusedBy(failure)) toast({ title: 'Не удалось скачать копию', description: failure.message, variant: 'destructive' });
    },
  });

  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !download.isPending && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Скачать резервную копию</DialogTitle>
          <DialogDescription>
            {file && `Копия от ${formatDateTime(file.createdAt)}. `}В ней все данные магазина, включая покупателей и заказы.
          </DialogDescription>
        </DialogHeader>
        <form
          method="post"
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!file || download.isPending) return;
            password.send((currentPassword) => download.mutate({ name: file.name, currentPassword }));
          }}
        >
          <CurrentPasswordField id="backup-current-password" readOnly={download.isPending} {...password.field} />
          <DialogFormFooter busy={download.isPending} onCancel={close}>
            {download.isPending ? <Spinner size="sm" label="Скачивание" /> : <Download aria-hidden />}
            Скачать
          </DialogFormFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
