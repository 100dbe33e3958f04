import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderPlus, FolderTree, Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { CategoryIcon } from '#client/components/catalog/category-icon.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FormField, fieldDescribedBy } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { adminPaths } from '#client/paths.ts';
import { DEFAULT_CATEGORY_ICON, isCategoryIcon } from '#shared/category-icons.ts';
import { productsCount } from '#shared/plural.ts';
import { CategorySchema, type CategoryData } from '#shared/schemas/category.ts';
import { isIdLike, slugify } from '#shared/slug.ts';
import type { AdminCategory } from '#shared/types.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { SlugFromNameButton } from '#client/features/admin/components/slug-from-name-button.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { adminCategoriesQuery, createCategory, deleteCategory, invalidateCatalog, updateCategory } from './api.ts';
import { IconPicker } from './icon-picker.tsx';

type FormValues = { name: string; slug: string; description: string; icon: string };
const FIELDS = ['name', 'slug', 'description', 'icon'] as const;

const slugFromName = (name: string) => {
  const slug = slugify(name);
  return isIdLike(slug) ? `${slug}-kategoriya` : slug;
};

const DELETE_REFUSED = 'Не удалось удалить категорию. Возможно, в ней есть товары.';

function CategoryDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const queryClient = useQueryClient();
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

  const save = useMutation({
    mutationFn: (data: CategoryData) => (category ? updateCategory(category.id, data) : createCategory(data)),
    onSuccess: (saved) => {
      toast({ title: isEdit ? 'Категория обновлена' : 'Категория создана', description: saved.name, variant: 'success' });
      void invalidateCatalog(queryClient);
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
          <FormField label="Slug" htmlFor="category-slug" required error={errors.slug?.message} hint={`Адрес раздела: /category/${slug || '…'}`}>
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
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              Отмена
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
              {save.isPending ? 'Сохранение...' : isEdit ? 'Сохранить' : 'Создать'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteCategoryDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (c: AdminCategory) => deleteCategory(c.id),
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
    onSettled: () => invalidateCatalog(queryClient),
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

function DeleteButton({ category, onDelete }: { category: AdminCategory; onDelete: (c: AdminCategory) => void }) {
  const blocked = category.productCount > 0;
  return (
    <span title={blocked ? 'Нельзя удалить: в категории есть товары' : 'Удалить'}>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-destructive hover:bg-destructive-muted hover:text-destructive"
        disabled={blocked}
        onClick={() => onDelete(category)}
        aria-label={blocked ? `Нельзя удалить «${category.name}»: в категории есть товары` : `Удалить «${category.name}»`}
      >
        <Trash2 aria-hidden />
      </Button>
    </span>
  );
}

function Counts({ category }: { category: AdminCategory }) {
  return (
    <span className="flex flex-col">
      <Link to={adminPaths.productsInCategory(category.id)} className="font-medium tabular-nums hover:text-primary hover:underline">
        {productsCount(category.productCount)}
      </Link>
      {category.productCount !== category.activeProductCount && (
        <span className="text-xs text-muted-foreground">активных {category.activeProductCount}</span>
      )}
    </span>
  );
}

export default function CategoriesPage() {
  useAdminTitle('Категории');
  const categories = useQuery(adminCategoriesQuery());
  // The dialog is mounted only while open, so each opening starts a fresh form.
  const [editing, setEditing] = useState<{ category: AdminCategory | null } | null>(null);
  const [toDelete, setToDelete] = useState<AdminCategory | null>(null);
  const openCreate = () => setEditing({ category: null });
  const openEdit = (category: AdminCategory) => setEditing({ category });
  const list = categories.data ?? [];

  return (
    <>
      <PageHeader
        title="Категории"
        description={categories.data ? `Разделов каталога: ${list.length}` : 'Разделы каталога'}
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden />
            Добавить категорию
          </Button>
        }
      />
      {categories.isPending ? (
        <ListSkeleton label="Загрузка категорий" />
      ) : categories.isError ? (
        <LoadError title="Не удалось загрузить категории" error={categories.error} onRetry={() => void categories.refetch()} />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
          <FolderTree className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-lg font-semibold">Категорий пока нет</p>
          <p className="text-muted-foreground">Создайте первый раздел каталога, чтобы добавлять в него товары.</p>
          <Button onClick={openCreate}>
            <FolderPlus aria-hidden />
            Добавить категорию
          </Button>
        </div>
      ) : (
        <>
          <Table containerClassName="hidden md:block">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-14">Значок</TableHead>
                <TableHead>Название</TableHead>
                <TableHead>Slug</TableHead>
                <TableHead>Товаров</TableHead>
                <TableHead className="text-right">Действия</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((c) => (
                <TableRow key={c.id} data-testid="admin-category-row">
                  <TableCell>
                    <span className="flex size-10 items-center justify-center rounded-md bg-accent text-primary">
                      <CategoryIcon name={c.icon} className="size-5" />
                    </span>
                  </TableCell>
                  <TableCell className="max-w-md whitespace-normal">
                    <p className="font-medium">{c.name}</p>
                    {c.description && <p className="line-clamp-1 text-sm text-muted-foreground">{c.description}</p>}
                  </TableCell>
                  <TableCell>
                    <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{c.slug}</code>
                  </TableCell>
                  <TableCell>
                    <Counts category={c} />
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon-sm" onClick={() => openEdit(c)} aria-label={`Изменить «${c.name}»`} title="Изменить">
                        <Pencil aria-hidden />
                      </Button>
                      <DeleteButton category={c} onDelete={setToDelete} />
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ul className="grid grid-cols-1 gap-3 md:hidden">
            {list.map((c) => (
              <li key={c.id} data-testid="admin-category-card">
                <Card className="flex-row items-center gap-3 p-3">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
                    <CategoryIcon name={c.icon} className="size-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-2 font-medium">{c.name}</p>
                    <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
                      <span>{productsCount(c.productCount)}</span>
                      {c.productCount === 0 && <Badge variant="outline">пустая</Badge>}
                    </p>
                  </div>
                  <Button variant="ghost" size="icon-sm" onClick={() => openEdit(c)} aria-label={`Изменить «${c.name}»`}>
                    <Pencil aria-hidden />
                  </Button>
                  <DeleteButton category={c} onDelete={setToDelete} />
                </Card>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-muted-foreground">Категорию с товарами удалить нельзя: сначала перенесите или удалите её товары.</p>
        </>
      )}
      {editing && <CategoryDialog key={editing.category?.id ?? 'new'} category={editing.category} onClose={() => setEditing(null)} />}
      <DeleteCategoryDialog category={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
