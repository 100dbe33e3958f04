import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { DialogFooter } from '#client/components/ui/dialog.tsx';

/** A dialog form's last row: «Отмена» (when it can be cancelled) and its submit button (`children`), both off while `busy`. */
export function DialogFormFooter({ busy, onCancel, children }: { busy: boolean; onCancel?: () => void; children: ReactNode }) {
  return (
    <DialogFooter>
      {onCancel && (
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Отмена
        </Button>
      )}
      <Button type="submit" disabled={busy}>
        {children}
      </Button>
    </DialogFooter>
  );
}
