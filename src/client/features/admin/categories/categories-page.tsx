import { useQuery } from '@tanstack/react-query';
import { FolderPlus, FolderTree, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import type { AdminCategory } from '#shared/types.ts';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { adminCategoriesQuery } from '#client/features/admin/lib/catalog.ts';
import { CategoriesTable, CategoryCards, type CategoryActions } from './categories-list.tsx';
import { CategoryDialog, DeleteCategoryDialog } from './category-dialogs.tsx';

export default function CategoriesPage() {
  useAdminTitle('Категории');
  const categories = useQuery(adminCategoriesQuery());
  // The dialog is mounted only while open, so each opening starts a fresh form.
  const [editing, setEditing] = useState<{ category: AdminCategory | null } | null>(null);
  const [toDelete, setToDelete] = useState<AdminCategory | null>(null);
  const openCreate = () => setEditing({ category: null });
  const actions: CategoryActions = { onEdit: (category) => setEditing({ category }), onDelete: setToDelete };
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
        <EmptyPanel icon={FolderTree} title="Категорий пока нет" text="Создайте первый раздел каталога, чтобы добавлять в него товары.">
          <Button onClick={openCreate}>
            <FolderPlus aria-hidden />
            Добавить категорию
          </Button>
        </EmptyPanel>
      ) : (
        <>
          <CategoriesTable categories={list} {...actions} />
          <CategoryCards categories={list} {...actions} />
          <p className="mt-3 text-sm text-muted-foreground">Категорию с товарами удалить нельзя: сначала перенесите или удалите её товары.</p>
        </>
      )}
      {editing && <CategoryDialog key={editing.category?.id ?? 'new'} category={editing.category} onClose={() => setEditing(null)} />}
      <DeleteCategoryDialog category={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
