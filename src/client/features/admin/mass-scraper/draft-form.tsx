import { Eye, EyeOff, Save } from 'lucide-react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { cn } from '#client/lib/utils.ts';
import { SUPPLIERS } from '#shared/constants.ts';
import type { FieldSource } from '#shared/schemas/web-scraper.ts';
import { fieldsOfPage, type ItemDetail, type PublishMode, type ScrapedDraft } from '#shared/schemas/mass-scraper.ts';
import { ProductSchema, type ProductData } from '#shared/schemas/product.ts';
import { SourceBadge } from '#client/features/admin/components/source-badge.tsx';
import { CategorySelect } from '#client/features/admin/components/category-select.tsx';
import { Specs } from '#client/features/admin/components/scraped-specs.tsx';
import { numberText, productTextOf, SIZE_FIELDS, SIZE_LABELS, type ProductTextValues, type SizeTextValues } from '#client/features/admin/lib/product-text.ts';
import { useSaveDraft } from './api.ts';
import { formResolver } from '#client/lib/form-resolver.ts';
import { BusyLabel } from '#client/components/busy-label.tsx';

/** The card's values as the form keeps them, with one quantity in stock instead of one per branch. */
type DraftValues = ProductTextValues & { stock: string } & SizeTextValues;

const FIELDS: readonly Path<DraftValues>[] = ['name', 'sku', 'price', 'categoryId', 'supplier', 'imageUrl', 'shortDescription', 'description', ...SIZE_FIELDS];

/** A source badge after a label, spaced from its text. */
const Source = ({ source }: { source: FieldSource | undefined }) =>
  source ? (
    <span className="ml-2 inline-flex align-middle">
      <SourceBadge source={source} />
    </span>
  ) : null;

const valuesOf = (draft: ScrapedDraft): DraftValues => ({
  ...productTextOf(draft),
  stock: numberText(draft.stock),
  weightKg: numberText(draft.weightKg),
  lengthCm: numberText(draft.lengthCm),
  widthCm: numberText(draft.widthCm),
  heightCm: numberText(draft.heightCm),
});

/**
 * A card's values before publishing: the product form's fields that a supplier's page fills,
 * checked by the product form's own rules. Saving keeps them for publishing; publishing from
 * here saves first.
 */
export function DraftForm({ item, onPublish, publishing }: { item: ItemDetail; onPublish: (mode: PublishMode) => void; publishing: boolean }) {
  const form = useForm<DraftValues, unknown, ProductData>({
    resolver: formResolver<DraftValues, ProductData>(ProductSchema),
    defaultValues: valuesOf(item.draft),
    mode: 'onTouched',
  });
  const { errors, isDirty } = form.formState;
  const save = useSaveDraft({
    onError: (error) => {
      applyServerErrors(error, FIELDS, form.setError);
      toast({ title: 'Не удалось сохранить правки', description: error.message, variant: 'destructive' });
    },
  });
  const sources = item.page ? fieldsOfPage(item.page).sources : {};
  const pictures = item.page?.pictures ?? [];
  const control = (name: keyof DraftValues) => fieldControlProps(`draft-${name}`, { error: errors[name]?.message });

  const submit = (mode: PublishMode | null) =>
    form.handleSubmit(
      (data) => {
        const publish = () => mode && onPublish(mode);
        // Nothing new to keep: the server publishes what it has (the page's values or the saved edits).
        if (!isDirty && mode) return publish();
        save.mutate(
          { id: item.id, draft: data },
          {
            onSuccess: (saved) => {
              form.reset(valuesOf(saved.draft));
              if (mode) publish();
              else toast({ title: 'Правки сохранены', description: saved.name ?? undefined, variant: 'success' });
            },
          },
        );
      },
      () => toast({ title: 'Проверьте поля карточки', description: 'Некоторые поля заполнены неверно', variant: 'destructive' }),
    );

  const busy = save.isPending || publishing;
  return (
    <form noValidate onSubmit={submit(null)} className="grid gap-4" data-testid="draft-form">
      <FormField label={<>Название<Source source={sources.name} /></>} htmlFor="draft-name" required error={errors.name?.message}>
        <Input {...control('name')} {...form.register('name')} />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={<>Артикул<Source source={sources.sku} /></>} htmlFor="draft-sku" required error={errors.sku?.message}>
          <Input spellCheck={false} {...control('sku')} {...form.register('sku')} />
        </FormField>
        <FormField
          label={<>Цена, ₽<Source source={sources.price} /></>}
          htmlFor="draft-price"
          required
          error={errors.price?.message}
          hint="0 — «Цена по запросу»"
        >
          <Input inputMode="decimal" {...fieldControlProps('draft-price', { hint: true, error: errors.price?.message })} {...form.register('price')} />
        </FormField>
        <FormField label="Категория" htmlFor="draft-categoryId" required error={errors.categoryId?.message}>
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field }) => (
              <CategorySelect {...control('categoryId')} {...field} />
            )}
          />
        </FormField>
        <FormField label={<>Поставщик<Source source={sources.supplier} /></>} htmlFor="draft-supplier" error={errors.supplier?.message}>
          <NativeSelect {...control('supplier')} {...form.register('supplier')}>
            <option value="none">Без поставщика</option>
            {SUPPLIERS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {pictures.length > 0 && (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1.5 text-sm font-medium">
            Главное изображение
            <Source source={sources.imageUrl} />
          </legend>
          <Controller
            control={form.control}
            name="imageUrl"
            render={({ field }) => (
              <div className="flex flex-wrap gap-2">
                {pictures.map((picture, index) => (
                  <label
                    key={picture.url}
                    className={cn('cursor-pointer rounded-md border-2 p-0.5', field.value === picture.url ? 'border-primary' : 'border-transparent')}
                  >
                    <input type="radio" className="sr-only" name={field.name} value={picture.url} checked={field.value === picture.url} onChange={() => field.onChange(picture.url)} />
                    <img src={picture.url} alt={`Изображение ${index + 1}`} width={72} height={72} className="size-18 rounded object-contain" />
                  </label>
                ))}
              </div>
            )}
          />
        </fieldset>
      )}
      <FormField
        label={<>Краткое описание<Source source={sources.shortDescription} /></>}
        htmlFor="draft-shortDescription"
        error={errors.shortDescription?.message}
      >
        <Textarea rows={3} {...control('shortDescription')} {...form.register('shortDescription')} />
      </FormField>
      <FormField label={<>Описание<Source source={sources.description} /></>} htmlFor="draft-description" error={errors.description?.message}>
        <Textarea rows={8} {...control('description')} {...form.register('description')} />
      </FormField>
      {/* The page's «Вес» and «Габариты» rows, kept through staff's edits: delivery is priced by them. */}
      <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-4">
        {SIZE_FIELDS.map((name) => (
          <FormField key={name} label={<>{SIZE_LABELS[name]}<Source source={sources[name]} /></>} htmlFor={`draft-${name}`} error={errors[name]?.message}>
            <Input inputMode="decimal" {...control(name)} {...form.register(name)} />
          </FormField>
        ))}
      </div>
      {item.page && <Specs card={item.page.card} note="При публикации они станут характеристиками товара: по ним работают фильтры и сравнение." />}
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button type="submit" variant="outline" disabled={busy || !isDirty}>
          <BusyLabel busy={save.isPending} icon={Save}>Сохранить правки</BusyLabel>
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => void submit('hidden')()}>
          <EyeOff aria-hidden />
          Опубликовать скрытым
        </Button>
        <Button type="button" disabled={busy} onClick={() => void submit('active')()}>
          <Eye aria-hidden />
          Опубликовать в каталог
        </Button>
      </div>
    </form>
  );
}
