import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Loader2, Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { TabEmpty, TabLoading } from './tab-states.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { BrandAliasSchema, type BrandAliasData, type BrandAliasView } from '#shared/schemas/catalog-adapter.ts';
import { adapterSuppliersQuery, brandAliasesQuery, useDeleteBrandAlias, useSaveBrandAlias } from './api.ts';
import { DialogSaveFooter } from '#client/features/admin/components/dialog-save-footer.tsx';

const FIELDS = ['alias', 'supplierCode'] as const;

/** Add or change a brand spelling; mounted only while open. */
function BrandAliasDialog({ alias, onClose }: { alias: BrandAliasView | null; onClose: () => void }) {
  const suppliers = useQuery(adapterSuppliersQuery());
  const { register, handleSubmit, setError, formState } = useForm<BrandAliasData>({
    resolver: zodResolver(BrandAliasSchema) as Resolver<BrandAliasData>,
    defaultValues: { alias: alias?.alias ?? '', supplierCode: alias?.supplierCode ?? '' },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const save = useSaveBrandAlias(alias?.alias ?? null, {
    onSuccess: (saved) => {
      toast({ title: alias ? 'Написание изменено' : 'Написание добавлено', description: `«${saved.alias}» → ${saved.supplierName ?? saved.supplierCode}`, variant: 'success' });
      onClose();
    },
    onError: (error) => {
      applyServerErrors(error, FIELDS, setError);
      toast({ title: 'Не удалось сохранить написание', description: error.message, variant: 'destructive' });
    },
  });
  const hint = 'Регистр, «ё» и лишние пробелы не важны.';
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{alias ? 'Изменение написания' : 'Новое написание бренда'}</DialogTitle>
          <DialogDescription>Так бренд пишут в файлах поставщиков; импорт заменит его поставщиком магазина.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={handleSubmit((data) => save.mutate(data))}>
          <FormField label="Написание" htmlFor="brand-alias" required error={errors.alias?.message} hint={hint}>
            <Input placeholder="Например, DCK Tools" autoComplete="off" {...fieldControlProps('brand-alias', { hint, error: errors.alias?.message, required: true })} {...register('alias')} />
          </FormField>
          <FormField label="Поставщик" htmlFor="brand-supplier" required error={errors.supplierCode?.message}>
            <NativeSelect {...fieldControlProps('brand-supplier', { error: errors.supplierCode?.message, required: true })} {...register('supplierCode')}>
              <option value="">Выберите поставщика</option>
              {(suppliers.data ?? []).map((s) => (
                <option key={s.id} value={s.code}>
                  {s.name}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <DialogSaveFooter saving={save.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** «Бренды»: supplier spellings of a brand and the shop supplier each means. */
export function BrandsTab() {
  const aliases = useQuery(brandAliasesQuery());
  const [editing, setEditing] = useState<{ alias: BrandAliasView | null } | null>(null);
  const [toDelete, setToDelete] = useState<BrandAliasView | null>(null);
  const remove = useDeleteBrandAlias({
    onSuccess: (_answer, alias) => {
      toast({ title: 'Написание удалено', description: `«${alias.alias}»`, variant: 'success' });
      setToDelete(null);
    },
    onError: (error) => {
      toast({ title: 'Не удалось удалить написание', description: error.message, variant: 'destructive' });
      setToDelete(null);
    },
  });
  const list = aliases.data ?? [];

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">Код и название поставщика узнаются и без написаний; здесь — другие варианты из файлов.</p>
        <Button onClick={() => setEditing({ alias: null })} className="shrink-0">
          <Plus aria-hidden />
          Добавить написание
        </Button>
      </div>
      {aliases.isPending ? (
        <TabLoading label="Загрузка написаний брендов" />
      ) : aliases.isError ? (
        <LoadError title="Не удалось загрузить написания брендов" error={aliases.error} onRetry={() => void aliases.refetch()} />
      ) : list.length === 0 ? (
        <TabEmpty icon={Tags} title="Написаний пока нет" text="Добавьте, как поставщики пишут бренды: «Dck», «ДЦК», «DCK Tools»." />
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Написание</TableHead>
              <TableHead>Поставщик</TableHead>
              <TableHead className="text-right">Действия</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((alias) => (
              <TableRow key={alias.alias} data-testid="brand-alias-row">
                <TableCell className="font-medium whitespace-normal">{alias.alias}</TableCell>
                <TableCell>{alias.supplierName ?? alias.supplierCode}</TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon-sm" onClick={() => setEditing({ alias })} aria-label={`Изменить «${alias.alias}»`} title="Изменить">
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      className="text-destructive hover:bg-destructive-muted hover:text-destructive"
                      onClick={() => setToDelete(alias)}
                      aria-label={`Удалить «${alias.alias}»`}
                      title="Удалить"
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && <BrandAliasDialog key={editing.alias?.alias ?? 'new'} alias={editing.alias} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title="Удалить написание?"
        description={<>Написание «{toDelete?.alias}» больше не будет узнаваться при импорте.</>}
        confirm={
          <>
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
            Удалить
          </>
        }
        pending={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
