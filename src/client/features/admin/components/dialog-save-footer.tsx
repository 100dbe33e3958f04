import { Loader2 } from 'lucide-react';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';

/** «Отмена» and the submit button of a back-office dialog's form: 'Сохранение...' (or `savingLabel`) while saving (spec 2.15). */
export function DialogSaveFooter({
  saving,
  onCancel,
  saveLabel = 'Сохранить',
  savingLabel = 'Сохранение...',
}: {
  saving: boolean;
  onCancel: () => void;
  saveLabel?: string;
  savingLabel?: string;
}) {
  return (
    <DialogFormFooter busy={saving} onCancel={onCancel}>
      {saving && <Loader2 className="animate-spin" aria-hidden />}
      {saving ? savingLabel : saveLabel}
    </DialogFormFooter>
  );
}
