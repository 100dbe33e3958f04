import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { adminCategoriesQuery } from '#client/features/admin/lib/catalog.ts';

/**
 * The shop's categories to choose from, disabled while they load. The first option is the empty
 * choice: `none` names it, or else it asks to choose (saying «Загрузка категорий...» meanwhile).
 */
export function CategorySelect({ none, ...props }: Omit<ComponentProps<typeof NativeSelect>, 'children' | 'disabled'> & { none?: string }) {
  const categories = useQuery(adminCategoriesQuery());
  return (
    <NativeSelect {...props} disabled={categories.isPending}>
      <option value="">{none ?? (categories.isPending ? 'Загрузка категорий...' : 'Выберите категорию')}</option>
      {categories.data?.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </NativeSelect>
  );
}
