import { useQuery } from '@tanstack/react-query';
import { Tags } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { DeleteDialog } from '#client/features/admin/components/delete-dialog.tsx';
import { FormDialog, savedBy } from '#client/features/admin/components/form-dialog.tsx';
import { EditDeleteButtons } from '#client/features/admin/components/row-actions.tsx';
import { deleteToasts, saveToasts } from '#client/features/admin/lib/mutation-toasts.ts';
import { formResolver } from '#client/lib/form-resolver.ts';
import { BrandAliasSchema, type BrandAliasData, type BrandAliasView } from '#shared/schemas/catalog-adapter.ts';
import { brandAliasesQuery, useDeleteBrandAlias, useSaveBrandAlias } from './api.ts';
import { AddBar, TabList } from './tab-states.tsx';

const FIELDS = ['alias', 'brand'] as const;

/** Add or change a brand spelling; mounted only while open. */
function BrandAliasDialog({ alias, onClose }: { alias: BrandAliasView | null; onClose: () => void }) {
  const { register, handleSubmit, setError, formState } = useForm<BrandAliasData>({
    resolver: formResolver<BrandAliasData>(BrandAliasSchema),
    defaultValues: { alias: alias?.alias ?? '', brand: alias?.brand ?? '' },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const save = useSaveBrandAlias(
    alias?.alias ?? null,
    saveToasts({ done: onClose, fields: FIELDS, setError }, {
      success: (saved) => ({ title: alias ? 'Написание изменено' : 'Написание добавлено', description: `«${saved.alias}» → ${saved.brand}` }),
      failure: 'Не удалось сохранить написание',
    }),
  );
  const hint = 'Регистр, «ё» и лишние пробелы не важны.';
  return (
    <FormDialog title={alias ? 'Изменение написания' : 'Новое написание бренда'}
      description="Так бренд пишут в файлах поставщиков; импорт запишет товару бренд так, как он указан здесь." className="max-w-md" {...savedBy(save, handleSubmit)} onClose={onClose}>
      <FormField label="Написание" htmlFor="brand-alias" required error={errors.alias?.message} hint={hint}>
        <Input placeholder="Например, DCK Tools" autoComplete="off" {...fieldControlProps('brand-alias', { hint, error: errors.alias?.message, required: true })} {...register('alias')} />
      </FormField>
      <FormField label="Бренд" htmlFor="brand-name" required error={errors.brand?.message}>
        <Input placeholder="Например, DCK" autoComplete="off" {...fieldControlProps('brand-name', { error: errors.brand?.message, required: true })} {...register('brand')} />
      </FormField>
    </FormDialog>
  );
}

/** «Бренды»: supplier spellings of a brand and the brand each means. */
export function BrandsTab() {
  const aliases = useQuery(brandAliasesQuery());
  const [editing, setEditing] = useState<{ alias: BrandAliasView | null } | null>(null);
  const [toDelete, setToDelete] = useState<BrandAliasView | null>(null);
  const remove = useDeleteBrandAlias(deleteToasts((_answer, alias) => ({ title: 'Написание удалено', description: `«${alias.alias}»` }), 'Не удалось удалить написание', () => setToDelete(null)));

  return (
    <div className="grid gap-4">
      <AddBar text="Бренд, написанный в другом регистре, узнаётся и без написаний; здесь — другие варианты из файлов." label="Добавить написание" onAdd={() => setEditing({ alias: null })} />
      <TabList
        query={aliases}
        loading="Загрузка написаний брендов"
        failure="Не удалось загрузить написания брендов"
        empty={{ icon: Tags, title: 'Написаний пока нет', text: 'Добавьте, как поставщики пишут бренды: «Dck», «ДЦК», «DCK Tools».' }}
      >
        {(list) => (
          <Table>
            <ListTableHeader columns={['Написание', 'Бренд', { label: 'Действия', className: 'text-right' }]} />
            <TableBody>
              {list.map((alias) => (
                <TableRow key={alias.alias} data-testid="brand-alias-row">
                  <TableCell className="font-medium whitespace-normal">{alias.alias}</TableCell>
                  <TableCell>{alias.brand}</TableCell>
                  <TableCell>
                    <EditDeleteButtons
                      editLabel={`Изменить «${alias.alias}»`}
                      deleteLabel={`Удалить «${alias.alias}»`}
                      onEdit={() => setEditing({ alias })}
                      onDelete={() => setToDelete(alias)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </TabList>
      {editing && <BrandAliasDialog key={editing.alias?.alias ?? 'new'} alias={editing.alias} onClose={() => setEditing(null)} />}
      <DeleteDialog
        target={toDelete}
        title="Удалить написание?"
        description={<>Написание «{toDelete?.alias}» больше не будет узнаваться при импорте.</>}
        pending={remove.isPending}
        onConfirm={(alias) => remove.mutate(alias)}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
