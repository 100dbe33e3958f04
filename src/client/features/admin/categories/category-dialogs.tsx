import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FormField, fieldDescribedBy } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { paths } from '#client/paths.ts';
import { DEFAULT_CATEGORY_ICON, isCategoryIcon } from '#shared/category-icons.ts';
import { CategorySchema, type CategoryData } from '#shared/schemas/category.ts';
import { isIdLike, slugify } from '#shared/slug.ts';
import type { AdminCategory } from '#shared/types.ts';
import { SlugFromNameButton } from '#client/features/admin/components/slug-from-name-button.tsx';
import { useDeleteCategory, useSaveCategory } from './api.ts';
import { IconPicker } from './icon-picker.tsx';
import { DialogSaveFooter } from '#client/features/admin/components/dialog-save-footer.tsx';

type FormValues = { name: string; slug: string; description: string; icon: string };
const FIELDS = ['name', 'slug', 'description', 'icon'] as const;

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
    resolver: zodResolver(CategorySchema) as unknown as Resolver<FormValues, unknown, CategoryData>,
    defaultValues: category
      ? { name: category.name, slug: category.slug, description: category.description, icon: isCategoryIcon(category.icon) ? category.icon : DEFAULT_CATEGORY_ICON }
      : { name: '', slug: '', description: '', icon: DEFAULT_CATEGORY_ICON },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const [name, slug] = useWatch({ control, name: ['name', 'slug'] });

  const save = useSaveCategory(category, {
    onSuccess: (saved) => {
      toast({ title: isEdit ? 'Категория обновлена' : 'Категория создана', description: saved.name, variant: 'success' });
      onClose();
    },
    onError: (error) => {
      applyServerErrors(error, FIELDS, setError);
      toast({ title: isEdit ? 'Не удалось обновить категорию' : 'Не удалось создать категорию', description: error.message, variant: 'destructive' });
    },
  });

  const nameField = register('name', {
    onChange: (e: { target: { value: string } }) => {
      if (autoSlug) setValue('slug', slugFromName(e.target.value), { shouldValidate: formState.isSubmitted });
    },
  });
  const slugField = register('slug', { onChange: (e: { target: { value: string } }) => setAutoSlug(e.target.value === '') });
  const control_ = (field: 'name' | 'slug' | 'description', hint?: boolean) => ({
    id: `category-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': fieldDescribedBy(`category-${field}`, { hint, error: errors[field]?.message }),
  });

  return (
    <Dialog open onOpenChange={(next) => !next && !save.isPending && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Редактирование категории' : 'Новая категория'}</DialogTitle>
          <DialogDescription>Название и значок видны покупателям в каталоге.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={handleSubmit((data) => save.mutate(data))}>
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
          <DialogSaveFooter saving={save.isPending} onCancel={onClose} saveLabel={isEdit ? 'Сохранить' : 'Создать'} />
        </form>
      </DialogContent>
    </Dialog>
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
    <ConfirmDialog
      open={category !== null}
      title="Удалить категорию?"
      description={<>Категория «{category?.name}» будет удалена. Это действие нельзя отменить.</>}
      confirm={
        <>
          {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
          Удалить
        </>
      }
      pending={remove.isPending}
      onConfirm={() => category && remove.mutate(category)}
      onClose={onClose}
    />
  );
}
