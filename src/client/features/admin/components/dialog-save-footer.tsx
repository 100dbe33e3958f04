import { Loader2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter } from '#client/components/ui/dialog.tsx';

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
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        Отмена
      </Button>
      <Button type="submit" disabled={saving}>
        {saving && <Loader2 className="animate-spin" aria-hidden />}
        {saving ? savingLabel : saveLabel}
      </Button>
    </DialogFooter>
  );
}
