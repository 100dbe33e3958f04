import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldControlProps, fieldDescribedBy } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect, OptionSelect } from '#client/components/ui/select.tsx';
import { DeleteDialog } from '#client/features/admin/components/delete-dialog.tsx';
import { FormDialog, savedBy } from '#client/features/admin/components/form-dialog.tsx';
import { deleteToasts, saveToasts } from '#client/features/admin/lib/mutation-toasts.ts';
import { formResolver } from '#client/lib/form-resolver.ts';
import { ATTRIBUTE_KINDS, ATTRIBUTE_KIND_LABELS, DEFAULT_ATTRIBUTE_GROUP, attributeAliasOf } from '#shared/attributes.ts';
import { pluralRu, productsCount } from '#shared/plural.ts';
import { AttributeSchema, type AdminAttribute, type AttributeData } from '#shared/schemas/attributes.ts';
import { useDeleteAttribute, useMergeAttributes, useSaveAttribute } from './api.ts';

type FormValues = { name: string; slug: string; unit: string; kind: string; group: string; sortOrder: string; aliases: string[] };
const FIELDS = ['name', 'slug', 'unit', 'kind', 'group', 'sortOrder', 'aliases'] as const;

/**
 * Create or edit an attribute and its suppliers' spellings («Потребляемая мощность, Вт» that an
 * import brings lands on «Мощность»). Mounted only while open.
 */
export function AttributeDialog({ attribute, onClose }: { attribute: AdminAttribute | null; onClose: () => void }) {
  const isEdit = attribute !== null;
  const { register, handleSubmit, setValue, control: formControl, setError, formState } = useForm<FormValues, unknown, AttributeData>({
    resolver: formResolver<FormValues, AttributeData>(AttributeSchema),
    defaultValues: attribute
      ? {
          name: attribute.name,
          slug: attribute.slug,
          unit: attribute.unit ?? '',
          kind: attribute.kind,
          group: attribute.group,
          sortOrder: String(attribute.sortOrder),
          // The name's own spelling is always kept: the list shows the suppliers' others.
          aliases: attribute.aliases.filter((a) => a !== attributeAliasOf(attribute.name)),
        }
      : { name: '', slug: '', unit: '', kind: 'text', group: DEFAULT_ATTRIBUTE_GROUP, sortOrder: '0', aliases: [] },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const aliases = useWatch({ control: formControl, name: 'aliases' });
  const [alias, setAlias] = useState('');
  const save = useSaveAttribute(
    attribute,
    saveToasts({ done: onClose, fields: FIELDS, setError }, {
      success: (saved) => ({ title: isEdit ? 'Характеристика обновлена' : 'Характеристика создана', description: saved.name }),
      failure: isEdit ? 'Не удалось обновить характеристику' : 'Не удалось создать характеристику',
    }),
  );
  const control = (field: Exclude<(typeof FIELDS)[number], 'aliases'>, hint?: boolean) => ({
    ...fieldControlProps(`attribute-${field}`, { hint, error: errors[field]?.message }),
    ...register(field),
  });
  const { saving, onSubmit } = savedBy(save, handleSubmit);
  const addAlias = () => {
    const text = alias.trim();
    if (text && !aliases.includes(text)) setValue('aliases', [...aliases, text], { shouldDirty: true });
    setAlias('');
  };

  return (
    <FormDialog title={isEdit ? 'Редактирование характеристики' : 'Новая характеристика'}
      description="Покупатели видят название, единицу и группу в таблице «Характеристики» и в фильтрах." className="max-w-xl" saving={saving}
      saveLabel={isEdit ? 'Сохранить' : 'Создать'}
      onSubmit={(event) => {
        // A spelling typed but not yet added is saved too, not dropped without a word.
        addAlias();
        onSubmit(event);
      }}
      onClose={onClose}
    >
      <FormField label="Название" htmlFor="attribute-name" required error={errors.name?.message}>
        <Input placeholder="Например, Мощность" {...control('name')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Единица" htmlFor="attribute-unit" error={errors.unit?.message} hint="Вт, В, мм, кг; пусто — без единицы">
          <Input {...control('unit', true)} />
        </FormField>
        <FormField label="Вид значения" htmlFor="attribute-kind" error={errors.kind?.message}>
          <OptionSelect values={ATTRIBUTE_KINDS} labels={ATTRIBUTE_KIND_LABELS} {...control('kind')} />
        </FormField>
        <FormField label="Группа" htmlFor="attribute-group" error={errors.group?.message} hint="Например, Основные, Питание">
          <Input {...control('group', true)} />
        </FormField>
        <FormField label="Порядок" htmlFor="attribute-sortOrder" error={errors.sortOrder?.message}>
          <Input inputMode="numeric" {...control('sortOrder')} />
        </FormField>
      </div>
      <FormField label="Slug" htmlFor="attribute-slug" error={errors.slug?.message} hint="В адресе фильтра: attr.slug=…; пусто — из названия">
        <Input spellCheck={false} autoCapitalize="off" {...control('slug', true)} />
      </FormField>
      <FormField label="Написания поставщиков" htmlFor="attribute-alias" error={errors.aliases?.message} hint="Как характеристику называют прайс-листы, 1С и сайты поставщиков">
        <div className="grid gap-2">
          <div className="flex gap-2">
            <Input
              id="attribute-alias"
              value={alias}
              placeholder="Например, Потребляемая мощность, Вт"
              aria-describedby={fieldDescribedBy('attribute-alias', { hint: true, error: errors.aliases?.message })}
              onChange={(e) => setAlias(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addAlias();
                }
              }}
            />
            <Button type="button" variant="outline" onClick={addAlias}>
              Добавить
            </Button>
          </div>
          {aliases.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Написания поставщиков">
              {aliases.map((a) => (
                <li key={a}>
                  <Badge variant="outline" className="gap-1 py-1">
                    {a}
                    <button
                      type="button"
                      className="rounded px-1 text-muted-foreground hover:text-destructive"
                      aria-label={`Убрать написание «${a}»`}
                      onClick={() => setValue('aliases', aliases.filter((x) => x !== a), { shouldDirty: true })}
                    >
                      ×
                    </button>
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      </FormField>
    </FormDialog>
  );
}

/** Merge another attribute into `into`: its values, spellings and filters come here, it goes. */
export function MergeAttributeDialog({ into, attributes, onClose }: { into: AdminAttribute; attributes: AdminAttribute[]; onClose: () => void }) {
  const [fromId, setFromId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const others = attributes.filter((a) => a.id !== into.id);
  const from = others.find((a) => String(a.id) === fromId);
  const merge = useMergeAttributes(into, {
    ...saveToasts({ done: onClose, fields: [], setError: () => {} }, { success: (answer) => ({ title: 'Характеристики объединены', description: answer.message }), failure: 'Не удалось объединить' }),
  });
  return (
    <FormDialog
      title={`Объединить с «${into.name}»`}
      description="Значения и написания выбранной характеристики перейдут сюда (у товара с обеими останется значение этой), а она будет удалена."
      className="max-w-lg"
      saving={merge.isPending}
      saveLabel="Объединить"
      onSubmit={(e) => {
        e.preventDefault();
        if (!from) return setError('Выберите характеристику');
        merge.mutate({ fromId: from.id }, { onError: (e) => setError(e.message) });
      }}
      onClose={onClose}
    >
      <FormField label="Какую характеристику присоединить" htmlFor="merge-from" required error={error ?? undefined}>
        <NativeSelect
          id="merge-from"
          value={fromId}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy('merge-from', { error: error ?? undefined })}
          onChange={(e) => {
            setFromId(e.target.value);
            setError(null);
          }}
        >
          <option value="">Выберите…</option>
          {others.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
              {a.unit ? `, ${a.unit}` : ''} — {productsCount(a.productCount)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {from && (
        <p className="text-sm text-muted-foreground">
          «{from.name}» есть у {productsCount(from.productCount)}; после объединения она будет удалена.
        </p>
      )}
    </FormDialog>
  );
}

export function DeleteAttributeDialog({ attribute, onClose }: { attribute: AdminAttribute | null; onClose: () => void }) {
  const remove = useDeleteAttribute(deleteToasts((answer) => ({ title: 'Характеристика удалена', description: answer.message }), 'Не удалось удалить характеристику', onClose));
  const lost = attribute?.productCount ?? 0;
  return (
    <DeleteDialog
      target={attribute}
      title="Удалить характеристику?"
      description={
        lost > 0 ? (
          <>
            Характеристика «{attribute?.name}» будет удалена, и {lost} {pluralRu(lost, 'товар лишится', 'товара лишатся', 'товаров лишатся')} её значения. Это действие нельзя отменить.
          </>
        ) : (
          <>Характеристика «{attribute?.name}» будет удалена. Её нет ни у одного товара. Это действие нельзя отменить.</>
        )
      }
      pending={remove.isPending}
      onConfirm={(a) => remove.mutate(a)}
      onClose={onClose}
    />
  );
}
