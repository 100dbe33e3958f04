import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { paths } from '#client/paths.ts';
import { DEFAULT_CATEGORY_ICON, isCategoryIcon } from '#shared/category-icons.ts';
import { CategorySchema, type CategoryData } from '#shared/schemas/category.ts';
import { isIdLike, slugify } from '#shared/slug.ts';
import { DEFAULT_PARCEL } from '#shared/delivery.ts';
import { formatDimensions, formatWeight } from '#shared/parcel-size.ts';
import type { AdminCategory } from '#shared/types.ts';
import { DeleteDialog } from '#client/features/admin/components/delete-dialog.tsx';
import { FormDialog, savedBy } from '#client/features/admin/components/form-dialog.tsx';
import { SlugFromNameButton } from '#client/features/admin/components/slug-from-name-button.tsx';
import { saveToasts } from '#client/features/admin/lib/mutation-toasts.ts';
import { formResolver } from '#client/lib/form-resolver.ts';
import { useDeleteCategory, useSaveCategory } from './api.ts';
import { categoryFiltersQuery } from '#client/features/admin/lib/attributes.ts';
import { CategoryFiltersField } from './category-filters-field.tsx';
import { IconPicker } from './icon-picker.tsx';

type FormValues = { name: string; slug: string; description: string; icon: string } & Record<DefaultField, string>;
const DEFAULT_FIELDS = [
  { name: 'defaultWeightKg', label: 'Вес по умолчанию, кг' },
  { name: 'defaultLengthCm', label: 'Длина, см' },
  { name: 'defaultWidthCm', label: 'Ширина, см' },
  { name: 'defaultHeightCm', label: 'Высота, см' },
] as const;
type DefaultField = (typeof DEFAULT_FIELDS)[number]['name'];
const FIELDS = ['name', 'slug', 'description', 'icon', ...DEFAULT_FIELDS.map((f) => f.name)] as const;

/** A figure as the form shows it: a decimal comma, nothing for none. */
const figureText = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/** What ships when neither the product nor its category says: «1 кг, 30 × 20 × 10 см». */
const SHOP_DEFAULT = `${formatWeight(DEFAULT_PARCEL.weightGrams)}, ${formatDimensions(DEFAULT_PARCEL.lengthMm, DEFAULT_PARCEL.widthMm, DEFAULT_PARCEL.heightMm)}`;

const defaultsOf = (category: AdminCategory | null): Record<DefaultField, string> => ({
  defaultWeightKg: figureText(category?.defaultWeightKg ?? null),
  defaultLengthCm: figureText(category?.defaultLengthCm ?? null),
  defaultWidthCm: figureText(category?.defaultWidthCm ?? null),
  defaultHeightCm: figureText(category?.defaultHeightCm ?? null),
});

const slugFromName = (name: string) => {
  const slug = slugify(name);
  return isIdLike(slug) ? `${slug}-kategoriya` : slug;
};

const DELETE_REFUSED = 'Не удалось удалить категорию. Возможно, в ней есть товары.';

/** Create or edit a category; mounted only while open, so each opening starts a fresh form. */
export function CategoryDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const isEdit = category !== null;
  const [autoSlug, setAutoSlug] = useState(!isEdit);
  const { register, handleSubmit, control, setValue, setError, formState } = useForm<FormValues, unknown, CategoryData>({
    resolver: formResolver<FormValues, CategoryData>(CategorySchema),
    defaultValues: category
      ? { name: category.name, slug: category.slug, description: category.description, icon: isCategoryIcon(category.icon) ? category.icon : DEFAULT_CATEGORY_ICON, ...defaultsOf(category) }
      : { name: '', slug: '', description: '', icon: DEFAULT_CATEGORY_ICON, ...defaultsOf(null) },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const [name, slug] = useWatch({ control, name: ['name', 'slug'] });

  // The filters staff changed (null: untouched, so saving the other fields leaves them be).
  const [filters, setFilters] = useState<number[] | null>(null);
  const currentFilters = useQuery({ ...categoryFiltersQuery(category?.id ?? 0), enabled: isEdit });
  const save = useSaveCategory(
    category,
    saveToasts({ done: onClose, fields: FIELDS, setError }, {
      success: (saved) => ({ title: isEdit ? 'Категория обновлена' : 'Категория создана', description: saved.name }),
      failure: isEdit ? 'Не удалось обновить категорию' : 'Не удалось создать категорию',
    }),
    () => filters,
  );

  const nameField = register('name', {
    onChange: (e: { target: { value: string } }) => {
      if (autoSlug) setValue('slug', slugFromName(e.target.value), { shouldValidate: formState.isSubmitted });
    },
  });
  const slugField = register('slug', { onChange: (e: { target: { value: string } }) => setAutoSlug(e.target.value === '') });
  const control_ = (field: 'name' | 'slug' | 'description' | DefaultField, hint?: boolean) =>
    fieldControlProps(`category-${field}`, { hint, error: errors[field]?.message });

  return (
    <FormDialog title={isEdit ? 'Редактирование категории' : 'Новая категория'}
      description="Название и значок видны покупателям в каталоге." className="max-w-xl" saveLabel={isEdit ? 'Сохранить' : 'Создать'} {...savedBy(save, handleSubmit)} onClose={onClose}>
      <FormField label="Название" htmlFor="category-name" required error={errors.name?.message}>
        <Input placeholder="Например, Перфораторы" {...control_('name')} {...nameField} />
      </FormField>
      <FormField label="Slug" htmlFor="category-slug" required error={errors.slug?.message} hint={`Адрес раздела: ${paths.category(slug || '…')}`}>
        <div className="flex gap-2">
          <Input spellCheck={false} autoCapitalize="off" {...control_('slug', true)} {...slugField} />
          <SlugFromNameButton
            onClick={() => {
              setValue('slug', slugFromName(name ?? ''), { shouldValidate: true });
              setAutoSlug(true);
            }}
          />
        </div>
      </FormField>
      <FormField label="Описание" htmlFor="category-description" error={errors.description?.message}>
        <Textarea rows={3} placeholder="Коротко о разделе" {...control_('description')} {...register('description')} />
      </FormField>
      <FormField label="Значок" htmlFor="category-icon" error={errors.icon?.message}>
        <Controller control={control} name="icon" render={({ field }) => <IconPicker id="category-icon" value={field.value} onChange={field.onChange} />} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Вес и габариты по умолчанию</legend>
        <p className="text-sm text-muted-foreground">
          Для товаров без своих веса и размеров: по ним считается доставка. Пустые поля — как у магазина: {SHOP_DEFAULT}.
        </p>
        {/* The weight on its own row: its long label would push the sides' fields out of line. */}
        <div className="grid grid-cols-3 items-start gap-3">
          {DEFAULT_FIELDS.map(({ name, label }) => (
            <FormField key={name} label={label} htmlFor={`category-${name}`} error={errors[name]?.message} className={name === 'defaultWeightKg' ? 'col-span-3 max-w-48' : undefined}>
              <Input inputMode="decimal" {...control_(name)} {...register(name)} />
            </FormField>
          ))}
        </div>
      </fieldset>
      {isEdit && currentFilters.isPending ? (
        <p className="text-sm text-muted-foreground">Загрузка фильтров…</p>
      ) : isEdit && currentFilters.isError ? (
        <p className="text-sm text-destructive">Не удалось загрузить фильтры категории: {currentFilters.error.message}</p>
      ) : (
        <CategoryFiltersField value={filters ?? currentFilters.data?.map((f) => f.id) ?? []} onChange={setFilters} />
      )}
    </FormDialog>
  );
}

export function DeleteCategoryDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const remove = useDeleteCategory({
    onSuccess: (_r, c) => {
      toast({ title: 'Категория удалена', description: c.name, variant: 'success' });
      onClose();
    },
    onError: (error) => {
      // The server's 409 says why; anything else gets the spec's hint too.
      const description = error.message.includes('Возможно, в ней есть товары.') ? error.message : DELETE_REFUSED;
      toast({ title: 'Не удалось удалить категорию', description, variant: 'destructive' });
      onClose();
    },
  });
  return (
    <DeleteDialog
      target={category}
      title="Удалить категорию?"
      description={<>Категория «{category?.name}» будет удалена. Это действие нельзя отменить.</>}
      pending={remove.isPending}
      onConfirm={(c) => remove.mutate(c)}
      onClose={onClose}
    />
  );
}
