import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { CategoryIcon } from '#client/components/catalog/category-icon.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { adminPaths } from '#client/features/admin/paths.ts';
import { productsCount } from '#shared/plural.ts';
import type { AdminCategory } from '#shared/types.ts';
import { PhoneCards } from '#client/features/admin/components/phone-cards.tsx';

export type CategoryActions = { onEdit: (category: AdminCategory) => void; onDelete: (category: AdminCategory) => void };

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

/** Wider screens: the categories as a table. */
export function CategoriesTable({ categories, onEdit, onDelete }: { categories: AdminCategory[] } & CategoryActions) {
  return (
    <Table containerClassName="hidden md:block">
      <ListTableHeader columns={[{ label: 'Значок', className: 'w-14' }, 'Название', 'Slug', 'Товаров', { label: 'Действия', className: 'text-right' }]} />
      <TableBody>
        {categories.map((c) => (
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
                <Button variant="ghost" size="icon-sm" onClick={() => onEdit(c)} aria-label={`Изменить «${c.name}»`} title="Изменить">
                  <Pencil aria-hidden />
                </Button>
                <DeleteButton category={c} onDelete={onDelete} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: one card per category. */
export function CategoryCards({ categories, onEdit, onDelete }: { categories: AdminCategory[] } & CategoryActions) {
  return (
    <PhoneCards items={categories} itemKey={(c) => c.id} testId="admin-category-card" className="grid-cols-1" cardClassName="flex-row items-center gap-3 p-3">
      {(c) => (
        <>
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
          <Button variant="ghost" size="icon-sm" onClick={() => onEdit(c)} aria-label={`Изменить «${c.name}»`}>
            <Pencil aria-hidden />
          </Button>
          <DeleteButton category={c} onDelete={onDelete} />
        </>
      )}
    </PhoneCards>
  );
}
