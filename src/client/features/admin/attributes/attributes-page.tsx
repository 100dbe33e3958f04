import { useQuery } from '@tanstack/react-query';
import { Combine, ListChecks, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { EditDeleteButtons } from '#client/features/admin/components/row-actions.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { ATTRIBUTE_KIND_LABELS, attributeAliasOf } from '#shared/attributes.ts';
import { productsCount } from '#shared/plural.ts';
import type { AdminAttribute } from '#shared/schemas/attributes.ts';
import { adminAttributesQuery } from '#client/features/admin/lib/attributes.ts';
import { AttributeDialog, DeleteAttributeDialog, MergeAttributeDialog } from './attribute-dialogs.tsx';
import { PhoneCards } from '#client/features/admin/components/phone-cards.tsx';

type Actions = { onEdit: (a: AdminAttribute) => void; onDelete: (a: AdminAttribute) => void; onMerge: (a: AdminAttribute) => void };

/** A name, a unit or one of the suppliers' spellings contains the query. */
const matches = (attribute: AdminAttribute, query: string) => {
  const q = attributeAliasOf(query);
  return !q || [attribute.name, attribute.unit ?? '', attribute.group, ...attribute.aliases].some((text) => attributeAliasOf(text).includes(q));
};

/** The back office's «Характеристики»: the shop's attributes, their spellings, merges (docs/decisions/034). */
export default function AttributesPage() {
  useAdminTitle('Характеристики');
  const attributes = useQuery(adminAttributesQuery());
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ attribute: AdminAttribute | null } | null>(null);
  const [merging, setMerging] = useState<AdminAttribute | null>(null);
  const [toDelete, setToDelete] = useState<AdminAttribute | null>(null);
  const all = attributes.data ?? [];
  const list = all.filter((a) => matches(a, query));
  const actions: Actions = { onEdit: (attribute) => setEditing({ attribute }), onDelete: setToDelete, onMerge: setMerging };

  return (
    <>
      <PageHeader
        title="Характеристики"
        description={attributes.data ? `Характеристик в магазине: ${all.length}. Фильтры категорий выбираются в форме категории.` : 'Характеристики товаров'}
        actions={
          <Button onClick={() => setEditing({ attribute: null })}>
            <Plus aria-hidden />
            Добавить характеристику
          </Button>
        }
      />
      {attributes.isPending ? (
        <ListSkeleton label="Загрузка характеристик" />
      ) : attributes.isError ? (
        <LoadError title="Не удалось загрузить характеристики" error={attributes.error} onRetry={() => void attributes.refetch()} />
      ) : all.length === 0 ? (
        <EmptyPanel icon={ListChecks} title="Характеристик пока нет" text="Они появятся с импортом товаров или добавьте первую сами." />
      ) : (
        <>
          <div className="mb-4 max-w-sm">
            <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Поиск по названию или написанию" aria-label="Поиск характеристик" />
          </div>
          {list.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-card p-6 text-center text-muted-foreground">По запросу «{query}» характеристик нет.</p>
          ) : (
            <>
              <AttributesTable attributes={list} {...actions} />
              <AttributeCards attributes={list} {...actions} />
            </>
          )}
        </>
      )}
      {editing && <AttributeDialog key={editing.attribute?.id ?? 'new'} attribute={editing.attribute} onClose={() => setEditing(null)} />}
      {merging && <MergeAttributeDialog into={merging} attributes={all} onClose={() => setMerging(null)} />}
      <DeleteAttributeDialog attribute={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}

/** The spellings other than the name's own. */
const supplierSpellings = (a: AdminAttribute) => a.aliases.filter((alias) => alias !== attributeAliasOf(a.name));

function RowButtons({ attribute, onEdit, onDelete, onMerge }: { attribute: AdminAttribute } & Actions) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon-sm" onClick={() => onMerge(attribute)} aria-label={`Объединить с «${attribute.name}»`} title="Объединить">
        <Combine aria-hidden />
      </Button>
      <EditDeleteButtons
        editLabel={`Изменить «${attribute.name}»`}
        deleteLabel={`Удалить «${attribute.name}»`}
        onEdit={() => onEdit(attribute)}
        onDelete={() => onDelete(attribute)}
      />
    </div>
  );
}

function AttributesTable({ attributes, ...actions }: { attributes: AdminAttribute[] } & Actions) {
  return (
    <Table containerClassName="hidden md:block">
      <ListTableHeader columns={['Название', 'Единица', 'Вид', 'Группа', 'Товаров', { label: 'Действия', className: 'text-right' }]} />
      <TableBody>
        {attributes.map((a) => (
          <TableRow key={a.id} data-testid="admin-attribute-row">
            <TableCell className="max-w-md whitespace-normal">
              <p className="font-medium">{a.name}</p>
              {supplierSpellings(a).length > 0 && <p className="text-sm text-muted-foreground">Также: {supplierSpellings(a).join(', ')}</p>}
            </TableCell>
            <TableCell>{a.unit ?? '—'}</TableCell>
            <TableCell>{ATTRIBUTE_KIND_LABELS[a.kind]}</TableCell>
            <TableCell>{a.group}</TableCell>
            <TableCell className="tabular-nums">{productsCount(a.productCount)}</TableCell>
            <TableCell>
              <RowButtons attribute={a} {...actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function AttributeCards({ attributes, ...actions }: { attributes: AdminAttribute[] } & Actions) {
  return (
    <PhoneCards items={attributes} itemKey={(a) => a.id} testId="admin-attribute-card" className="grid-cols-1" cardClassName="gap-2 p-3">
      {(a) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium">
                {a.name}
                {a.unit ? `, ${a.unit}` : ''}
              </p>
              <p className="text-sm text-muted-foreground">
                {ATTRIBUTE_KIND_LABELS[a.kind]} · {a.group} · {productsCount(a.productCount)}
              </p>
            </div>
            <RowButtons attribute={a} {...actions} />
          </div>
          {supplierSpellings(a).length > 0 && (
            <div className="flex flex-wrap gap-1">
              {supplierSpellings(a).map((s) => (
                <Badge key={s} variant="outline">
                  {s}
                </Badge>
              ))}
            </div>
          )}
        </>
      )}
    </PhoneCards>
  );
}
