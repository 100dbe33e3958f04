import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { pluralRu } from '#shared/plural.ts';
import { PUBLISH_MODES, PUBLISH_MODE_LABELS, type PublishInput, type PublishMode } from '#shared/schemas/mass-scraper.ts';
import { CategorySelect } from '#client/features/admin/components/category-select.tsx';
import { BusyLabel } from '#client/components/busy-label.tsx';

const HINTS: Record<PublishMode, string> = {
  hidden: 'Товары появятся в списке товаров, покупатели их не увидят, пока вы их не включите',
  active: 'Товары сразу появятся в каталоге магазина',
};

/** Publishing the checked cards: shown or hidden, and a category for the cards that have none. */
export function PublishDialog({
  ids,
  open,
  pending,
  onClose,
  onPublish,
}: {
  ids: number[];
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onPublish: (input: PublishInput) => void;
}) {
  const [mode, setMode] = useState<PublishMode>('hidden');
  const [categoryId, setCategoryId] = useState('');
  const count = `${ids.length} ${pluralRu(ids.length, 'карточку', 'карточки', 'карточек')}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    onPublish({ ids, mode, categoryId: categoryId === '' ? null : Number(categoryId) });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Опубликовать {count}</DialogTitle>
          <DialogDescription>Каждая отмеченная карточка станет товаром магазина с собственным адресом страницы.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Как опубликовать</legend>
            {PUBLISH_MODES.map((value) => (
              <label key={value} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-checked:border-primary">
                <input type="radio" name="publish-mode" value={value} checked={mode === value} onChange={() => setMode(value)} className="mt-1 accent-primary" />
                <span>
                  <span className="block text-sm font-medium">{PUBLISH_MODE_LABELS[value]}</span>
                  <span className="block text-sm text-muted-foreground">{HINTS[value]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <FormField label="Категория для карточек без категории" htmlFor="publish-category" hint="Карточки, где категория уже выбрана, останутся в своей">
            <CategorySelect none="Не выбрана" value={categoryId} onChange={(e) => setCategoryId(e.target.value)} {...fieldControlProps('publish-category', { hint: true })} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Отмена
            </Button>
            <Button type="submit" disabled={pending}>
              <BusyLabel busy={pending} icon={Send} busyText="Публикуем...">Опубликовать</BusyLabel>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
