import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect, OptionSelect } from '#client/components/ui/select.tsx';
import { FormDialog, savedBy } from '#client/features/admin/components/form-dialog.tsx';
import { adminCategoriesQuery } from '#client/features/admin/lib/catalog.ts';
import { saveToasts } from '#client/features/admin/lib/mutation-toasts.ts';
import { formResolver } from '#client/lib/form-resolver.ts';
import {
  CategoryRuleSchema,
  DEFAULT_RULE_PRIORITY,
  RULE_KINDS,
  RULE_KIND_LABELS,
  type CategoryRuleData,
  type CategoryRuleView,
  type RuleKind,
} from '#shared/schemas/catalog-adapter.ts';
import { adapterSuppliersQuery, rulePreviewQuery, supplierCategoriesQuery, useSaveRule } from './api.ts';
import { RulePreview, useSettled } from './move-preview.tsx';

type FormValues = { kind: RuleKind; supplierId: string; pattern: string; categoryId: string; priority: string };
const FIELDS = ['kind', 'supplierId', 'pattern', 'categoryId', 'priority'] as const;

const PATTERN_FIELD: Record<RuleKind, { label: string; placeholder: string; hint: string }> = {
  category: {
    label: 'Категория поставщика',
    placeholder: 'Например, Перфораторы SDS-plus',
    hint: 'Как в файле поставщика; регистр, «ё» и пробелы не важны.',
  },
  name_contains: {
    label: 'Слово или фраза в названии',
    placeholder: 'Например, перфоратор',
    hint: 'Целым словом, без учёта регистра и «ё»: «дрель» найдёт «Дрель ударная», но не «Дрели».',
  },
  name_pattern: {
    label: 'Регулярное выражение',
    placeholder: 'Например, ^(ушм|болгарка)\\s',
    hint: 'Выражение JavaScript по названию товара, без учёта регистра.',
  },
};

const toValues = (rule: CategoryRuleView | null): FormValues =>
  rule
    ? { kind: rule.kind, supplierId: rule.supplierId ? String(rule.supplierId) : '', pattern: rule.pattern, categoryId: String(rule.categoryId), priority: String(rule.priority) }
    : { kind: 'category', supplierId: '', pattern: '', categoryId: '', priority: String(DEFAULT_RULE_PRIORITY) };

/**
 * Create or edit a category rule. While staff fill it in, the server counts the products it would
 * move (with a few examples), before anything is saved.
 */
export function RuleDialog({ rule, onClose }: { rule: CategoryRuleView | null; onClose: () => void }) {
  const suppliers = useQuery(adapterSuppliersQuery());
  const categories = useQuery(adminCategoriesQuery());
  const supplierCategories = useQuery(supplierCategoriesQuery());
  const { register, handleSubmit, control, setError, formState } = useForm<FormValues, unknown, CategoryRuleData>({
    resolver: formResolver<FormValues, CategoryRuleData>(CategoryRuleSchema),
    defaultValues: toValues(rule),
    mode: 'onTouched',
  });
  const { errors } = formState;
  const values = useWatch({ control }) as FormValues;
  const parsed = CategoryRuleSchema.safeParse(values);
  const current = parsed.success ? parsed.data : null;
  const settled = useSettled(current);
  // Typed since the last count: the count shown is about to change.
  const stale = JSON.stringify(current) !== JSON.stringify(settled);
  const preview = useQuery(rulePreviewQuery(settled, rule?.id ?? null));
  const field = PATTERN_FIELD[values.kind] ?? PATTERN_FIELD.category;
  const knownNames = [
    ...new Set((supplierCategories.data ?? []).filter((row) => !values.supplierId || String(row.supplierId) === values.supplierId).map((row) => row.name)),
  ];

  const save = useSaveRule(
    rule?.id ?? null,
    saveToasts({ done: onClose, fields: FIELDS, setError }, {
      success: (saved) => ({ title: rule ? 'Правило изменено' : 'Правило добавлено', description: `«${saved.pattern}» → ${saved.categoryName}` }),
      failure: 'Не удалось сохранить правило',
    }),
  );

  const control_ = (name: (typeof FIELDS)[number], hint?: string) => fieldControlProps(`rule-${name}`, { hint, error: errors[name]?.message });

  return (
    <FormDialog title={rule ? 'Изменение правила' : 'Новое правило'}
      description="Правило отправляет товары поставщика в категорию магазина." className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto" {...savedBy(save, handleSubmit)} onClose={onClose}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Вид правила" htmlFor="rule-kind" error={errors.kind?.message}>
          <OptionSelect values={RULE_KINDS} labels={RULE_KIND_LABELS} {...control_('kind')} {...register('kind')} />
        </FormField>
        <FormField label="Поставщик" htmlFor="rule-supplierId" error={errors.supplierId?.message}>
          <NativeSelect {...control_('supplierId')} {...register('supplierId')}>
            <option value="">Любой поставщик</option>
            {(suppliers.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField label={field.label} htmlFor="rule-pattern" required error={errors.pattern?.message} hint={field.hint}>
        <Input
          placeholder={field.placeholder}
          spellCheck={values.kind !== 'name_pattern'}
          autoComplete="off"
          list={values.kind === 'category' ? 'rule-known-categories' : undefined}
          className={values.kind === 'name_pattern' ? 'font-mono' : undefined}
          {...control_('pattern', field.hint)}
          {...register('pattern')}
        />
      </FormField>
      <datalist id="rule-known-categories">
        {knownNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <FormField label="Категория магазина" htmlFor="rule-categoryId" required error={errors.categoryId?.message}>
          <NativeSelect {...control_('categoryId')} {...register('categoryId')}>
            <option value="">Выберите категорию</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Приоритет" htmlFor="rule-priority" error={errors.priority?.message} hint="Меньше — раньше">
          <Input type="number" inputMode="numeric" min={0} max={1000} {...control_('priority', 'Меньше — раньше')} {...register('priority')} />
        </FormField>
      </div>
      <RulePreview plan={settled ? preview.data : undefined} pending={current !== null && (stale || preview.isFetching)} error={settled ? preview.error : null} />
    </FormDialog>
  );
}
