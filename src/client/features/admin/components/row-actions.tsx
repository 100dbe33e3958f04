import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/utils.ts';

/** A list row's «Изменить» and «Удалить» icon buttons; the labels name the row for screen readers. */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  className,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-end gap-1', className)}>
      <Button variant="ghost" size="icon-sm" onClick={onEdit} aria-label={editLabel} title="Изменить">
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-destructive hover:bg-destructive-muted hover:text-destructive"
        onClick={onDelete}
        aria-label={deleteLabel}
        title="Удалить"
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}
