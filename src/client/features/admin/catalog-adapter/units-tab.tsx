import { useQuery } from '@tanstack/react-query';
import { ArrowDown, Ruler } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { DeleteDialog } from '#client/features/admin/components/delete-dialog.tsx';
import { FormDialog } from '#client/features/admin/components/form-dialog.tsx';
import { EditDeleteButtons } from '#client/features/admin/components/row-actions.tsx';
import { deleteToasts, saveToasts } from '#client/features/admin/lib/mutation-toasts.ts';
import { formResolver } from '#client/lib/form-resolver.ts';
import { AddBar, PatternNotRun, TabList } from './tab-states.tsx';
import { compileRegex, compileUnitRules } from '#shared/catalog-adapter.ts';
import { UnitRuleSchema, type UnitRuleData, type UnitRuleView } from '#shared/schemas/catalog-adapter.ts';
import { unitRulesQuery, useDeleteUnitRule, useSaveUnitRule } from './api.ts';

const EXAMPLE_HINT = 'Так правила ниже перепишут название или характеристику товара.';
const DEFAULT_EXAMPLE = 'Дрель ударная 800W, 3000rpm, патрон 13mm, 2,5kg';

type FormValues = { pattern: string; replacement: string; sortOrder: string };
const FIELDS = ['pattern', 'replacement', 'sortOrder'] as const;

/** The example before and after, side by side. */
function ExampleResult({ before, after, label }: { before: string; after: string; label: string }) {
  return (
    <div className="grid gap-1 rounded-md bg-muted p-3 text-sm" aria-label={label} role="group">
      <p className="break-words text-muted-foreground">{before || '—'}</p>
      <ArrowDown className="size-4 text-muted-foreground" aria-label="станет" />
      <p className="font-medium break-words" data-testid="unit-example-result">
        {after || '—'}
      </p>
    </div>
  );
}

/** Add or change a unit rule, seeing what it does to the example as it is typed. */
function UnitRuleDialog({ rule, example, onClose }: { rule: UnitRuleView | null; example: string; onClose: () => void }) {
  const { register, handleSubmit, control, setError, formState } = useForm<FormValues, unknown, UnitRuleData>({
    resolver: formResolver<FormValues, UnitRuleData>(UnitRuleSchema),
    defaultValues: rule ? { pattern: rule.pattern, replacement: rule.replacement, sortOrder: String(rule.sortOrder) } : { pattern: '', replacement: '', sortOrder: '' },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const [pattern, replacement] = useWatch({ control, name: ['pattern', 'replacement'] });
  const [sample, setSample] = useState(example);
  const compiled = pattern ? compileRegex(pattern) : null;
  const save = useSaveUnitRule(
    rule?.id ?? null,
    saveToasts({
      success: () => ({ title: rule ? 'Правило единиц изменено' : 'Правило единиц добавлено' }),
      failure: 'Не удалось сохранить правило',
      done: onClose,
      fields: FIELDS,
      setError,
    }),
  );
  const patternHint = 'Регулярное выражение без учёта регистра; «(\\P{L}|$)» — конец слова (верните его в замене).';
  const replacementHint = '$1, $2 — найденные группы.';

  return (
    <FormDialog
      title={rule ? 'Изменение правила единиц' : 'Новое правило единиц'}
      description="Правило заменяет написание единиц в названиях и характеристиках при импорте."
      className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto"
      saving={save.isPending}
      onSubmit={handleSubmit((data) => save.mutate(data))}
      onClose={onClose}
    >
      <FormField label="Что найти" htmlFor="unit-pattern" required error={errors.pattern?.message} hint={patternHint}>
        <Input
          className="font-mono"
          spellCheck={false}
          autoComplete="off"
          placeholder="(\d)\s*(?:w|watt)(\P{L}|$)"
          {...fieldControlProps('unit-pattern', { hint: patternHint, error: errors.pattern?.message, required: true })}
          {...register('pattern')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <FormField label="Чем заменить" htmlFor="unit-replacement" error={errors.replacement?.message} hint={replacementHint}>
          <Input
            className="font-mono"
            spellCheck={false}
            autoComplete="off"
            placeholder="$1 Вт$2"
            {...fieldControlProps('unit-replacement', { hint: replacementHint, error: errors.replacement?.message })}
            {...register('replacement')}
          />
        </FormField>
        <FormField label="Порядок" htmlFor="unit-sortOrder" error={errors.sortOrder?.message} hint="Пусто — последним">
          <Input type="number" inputMode="numeric" min={0} {...fieldControlProps('unit-sortOrder', { hint: 'Пусто — последним', error: errors.sortOrder?.message })} {...register('sortOrder')} />
        </FormField>
      </div>
      <FormField label="Пример" htmlFor="unit-sample">
        <Input id="unit-sample" value={sample} onChange={(e) => setSample(e.target.value)} />
      </FormField>
      {compiled && !compiled.ok ? (
        <p className="text-sm text-destructive" role="status">
          {compiled.message}
        </p>
      ) : (
        <ExampleResult label="Пример с этим правилом" before={sample} after={compiled?.ok ? compiled.pattern.replaceAll(sample, replacement ?? '') : sample} />
      )}
    </FormDialog>
  );
}

function UnitRuleActions({ rule, onEdit, onDelete }: { rule: UnitRuleView; onEdit: () => void; onDelete: () => void }) {
  return (
    <EditDeleteButtons
      className="shrink-0"
      editLabel={`Изменить правило «${rule.pattern}»`}
      deleteLabel={`Удалить правило «${rule.pattern}»`}
      onEdit={onEdit}
      onDelete={onDelete}
    />
  );
}

/** «Единицы»: how unit spellings are rewritten, in order, with an example to try them on. */
export function UnitsTab() {
  const rules = useQuery(unitRulesQuery());
  const [example, setExample] = useState(DEFAULT_EXAMPLE);
  const [editing, setEditing] = useState<{ rule: UnitRuleView | null } | null>(null);
  const [toDelete, setToDelete] = useState<UnitRuleView | null>(null);
  const remove = useDeleteUnitRule(deleteToasts(() => ({ title: 'Правило единиц удалено' }), 'Не удалось удалить правило', () => setToDelete(null)));
  const list = rules.data ?? [];

  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="grid gap-3 pt-4 sm:pt-6">
          <FormField label="Проверить на примере" htmlFor="unit-example" hint={EXAMPLE_HINT}>
            <Input value={example} onChange={(e) => setExample(e.target.value)} {...fieldControlProps('unit-example', { hint: EXAMPLE_HINT })} />
          </FormField>
          <ExampleResult label="Пример со всеми правилами" before={example} after={compileUnitRules(list)(example)} />
        </CardContent>
      </Card>
      <AddBar text="Правила применяются по порядку, каждое ко всему тексту." label="Добавить правило" onAdd={() => setEditing({ rule: null })} />
      <TabList
        query={rules}
        loading="Загрузка правил единиц"
        failure="Не удалось загрузить правила единиц"
        empty={{ icon: Ruler, title: 'Правил единиц нет', text: 'Единицы в названиях останутся как в файлах поставщиков.' }}
      >
        {(list) => (
          <>
            <Table containerClassName="hidden md:block">
              <ListTableHeader columns={[{ label: 'Порядок', className: 'w-20' }, 'Что найти', 'Чем заменить', { label: 'Действия', className: 'text-right' }]} />
              <TableBody>
                {list.map((rule) => (
                  <TableRow key={rule.id} data-testid="unit-rule-row">
                    <TableCell className="tabular-nums">{rule.sortOrder}</TableCell>
                    <TableCell className="max-w-xs font-mono text-xs break-all whitespace-normal">
                      {rule.pattern}
                      <PatternNotRun pattern={rule.pattern} />
                    </TableCell>
                    <TableCell className="font-mono text-xs whitespace-pre">{rule.replacement}</TableCell>
                    <TableCell>
                      <UnitRuleActions rule={rule} onEdit={() => setEditing({ rule })} onDelete={() => setToDelete(rule)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ul className="grid gap-3 md:hidden">
              {list.map((rule) => (
                <li key={rule.id} data-testid="unit-rule-card">
                  <Card className="flex-row items-start gap-3 p-3">
                    <div className="grid min-w-0 flex-1 gap-1 text-sm">
                      <p className="font-mono text-xs break-all">{rule.pattern}</p>
                      <PatternNotRun pattern={rule.pattern} />
                      <p>
                        → <span className="font-mono text-xs whitespace-pre">{rule.replacement}</span>
                      </p>
                      <p className="text-xs text-muted-foreground">порядок {rule.sortOrder}</p>
                    </div>
                    <UnitRuleActions rule={rule} onEdit={() => setEditing({ rule })} onDelete={() => setToDelete(rule)} />
                  </Card>
                </li>
              ))}
            </ul>
          </>
        )}
      </TabList>
      {editing && <UnitRuleDialog key={editing.rule?.id ?? 'new'} rule={editing.rule} example={example} onClose={() => setEditing(null)} />}
      <DeleteDialog
        target={toDelete}
        title="Удалить правило единиц?"
        description={<>Правило «{toDelete?.pattern}» больше не будет применяться при импорте.</>}
        pending={remove.isPending}
        onConfirm={(rule) => remove.mutate(rule)}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
