import { Save, Undo2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/**
 * Save and cancel of a settings form: disabled while nothing changed or while saving;
 * 'Сохранение...' while saving (spec 2.15).
 */
export function FormActions({ dirty, saving, onCancel, saveLabel = 'Сохранить настройки' }: { dirty: boolean; saving: boolean; onCancel: () => void; saveLabel?: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={!dirty || saving}>
        <Undo2 aria-hidden />
        Отменить изменения
      </Button>
      <Button type="submit" disabled={!dirty || saving}>
        <Save aria-hidden />
        {saving ? 'Сохранение...' : saveLabel}
      </Button>
    </div>
  );
}

/**
 * The settings forms keep what was typed when the server's copy refreshes in the background
 * (`resetOptions: { keepDirtyValues: true }`), and react-hook-form applies those options to every
 * `reset()` as well: saving and «Отменить изменения» pass this to replace what was typed.
 */
export const REPLACE_TYPED = { keepDirtyValues: false } as const;
