import { useQuery } from '@tanstack/react-query';
import { ArrowDown, Ruler } from 'lucide-react';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { DeleteDialog } from '#client/features/admin/components/delete-dialog.tsx';
import { FormDialog, savedBy } from '#client/features/admin/components/form-dialog.tsx';
import { EditDeleteButtons } from '#client/features/admin/components/row-actions.tsx';
import { deleteToasts, saveToasts } from '#client/features/admin/lib/mutation-toasts.ts';
import { formResolver } from '#client/lib/form-resolver.ts';
import { AddBar, PatternNotRun, TabList } from './tab-states.tsx';
import { compileRegex, compileUnitRules } from '#shared/catalog-adapter.ts';
import { UnitRuleSchema, UnitSpellingsSchema, type UnitRuleData, type UnitRuleView, type UnitSpellingsData } from '#shared/schemas/catalog-adapter.ts';
import { spellingsOf, splitSpellings, unitRuleOf } from '#shared/unit-spellings.ts';
import { unitRulesQuery, useDeleteUnitRule, useSaveUnitRule, useSaveUnitSpellings } from './api.ts';
import { PhoneCards } from '#client/features/admin/components/phone-cards.tsx';

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

/** Either way of writing a unit rule: its dialog, with the rule's sort order and an example below the fields. */
function UnitRuleFormDialog({
  rule,
  description,
  saving,
  onSubmit,
  onClose,
  children,
}: {
  rule: UnitRuleView | null;
  description: string;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <FormDialog title={rule ? 'Изменение правила единиц' : 'Новое правило единиц'}
      description={description} className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto" saving={saving} onSubmit={onSubmit} onClose={onClose}>
      {children}
    </FormDialog>
  );
}

/** What either dialog says on saving. */
const savedToasts = (rule: UnitRuleView | null) => ({
  success: () => ({ title: rule ? 'Правило единиц изменено' : 'Правило единиц добавлено' }),
  failure: 'Не удалось сохранить правило',
});

function SortOrderField({ error, registration }: { error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <FormField label="Порядок" htmlFor="unit-sortOrder" error={error} hint="Пусто — последним">
      <Input type="number" inputMode="numeric" min={0} {...fieldControlProps('unit-sortOrder', { hint: 'Пусто — последним', error })} {...registration} />
    </FormField>
  );
}

/** The text the dialog's rule is tried on. */
function SampleField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <FormField label="Пример" htmlFor="unit-sample">
      <Input id="unit-sample" value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
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
    saveToasts({ done: onClose, fields: FIELDS, setError }, savedToasts(rule)),
  );
  const patternHint = 'Регулярное выражение без учёта регистра; «(\\P{L}|$)» — конец слова (верните его в замене).';
  const replacementHint = '$1, $2 — найденные группы.';

  return (
    <UnitRuleFormDialog rule={rule}
      description="Правило заменяет написание единиц в названиях и характеристиках при импорте." {...savedBy(save, handleSubmit)} onClose={onClose}>
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
        <SortOrderField error={errors.sortOrder?.message} registration={register('sortOrder')} />
      </div>
      <SampleField value={sample} onChange={setSample} />
      {compiled && !compiled.ok ? (
        <p className="text-sm text-destructive" role="status">
          {compiled.message}
        </p>
      ) : (
        <ExampleResult label="Пример с этим правилом" before={sample} after={compiled?.ok ? compiled.pattern.replaceAll(sample, replacement ?? '') : sample} />
      )}
    </UnitRuleFormDialog>
  );
}

type SpellingsValues = { spellings: string; unit: string; sortOrder: string };
const SPELLINGS_FIELDS = ['spellings', 'unit', 'sortOrder'] as const;

/** Add or change a rule as plain fields: the spellings after a number and the unit they become. */
function SpellingsDialog({ rule, example, onClose }: { rule: UnitRuleView | null; example: string; onClose: () => void }) {
  const plain = rule ? spellingsOf(rule) : null;
  const { register, handleSubmit, control, setError, formState } = useForm<SpellingsValues, unknown, UnitSpellingsData>({
    resolver: formResolver<SpellingsValues, UnitSpellingsData>(UnitSpellingsSchema),
    defaultValues: { spellings: plain?.spellings.join(', ') ?? '', unit: plain?.unit ?? '', sortOrder: rule ? String(rule.sortOrder) : '' },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const [spellings, unit] = useWatch({ control, name: ['spellings', 'unit'] });
  const [sample, setSample] = useState(example);
  const save = useSaveUnitSpellings(
    rule?.id ?? null,
    saveToasts({ done: onClose, fields: SPELLINGS_FIELDS, setError }, savedToasts(rule)),
  );
  const typed = splitSpellings(spellings ?? '');
  const after = typed.length > 0 && unit?.trim() ? compileUnitRules([unitRuleOf({ spellings: typed, unit: unit.trim() })])(sample) : sample;
  const spellingsHint = 'Как единицу пишут поставщики, через запятую: после числа, большие и маленькие буквы не различаются.';

  return (
    <UnitRuleFormDialog rule={rule}
      description="Написания единицы после числа заменяются на единицу магазина в названиях и характеристиках при импорте." {...savedBy(save, handleSubmit)} onClose={onClose}>
      <FormField label="Написания" htmlFor="unit-spellings" required error={errors.spellings?.message} hint={spellingsHint}>
        <Input
          spellCheck={false}
          autoComplete="off"
          placeholder="w, watt, ватт"
          {...fieldControlProps('unit-spellings', { hint: spellingsHint, error: errors.spellings?.message, required: true })}
          {...register('spellings')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
        <FormField label="Единица" htmlFor="unit-unit" required error={errors.unit?.message}>
          <Input autoComplete="off" placeholder="Вт" {...fieldControlProps('unit-unit', { error: errors.unit?.message, required: true })} {...register('unit')} />
        </FormField>
        <SortOrderField error={errors.sortOrder?.message} registration={register('sortOrder')} />
      </div>
      <SampleField value={sample} onChange={setSample} />
      <ExampleResult label="Пример с этим правилом" before={sample} after={after} />
    </UnitRuleFormDialog>
  );
}

/** How a rule is named to staff: its spellings and unit, or its expression when it is one. */
function ruleName(rule: UnitRuleView): string {
  const plain = spellingsOf(rule);
  return plain ? `${plain.spellings.join(', ')} → ${plain.unit}` : rule.pattern;
}

/** The spellings → unit of a rule, or a note that it is an expression only the advanced view shows. */
function RuleSummary({ rule }: { rule: UnitRuleView }) {
  const plain = spellingsOf(rule);
  if (!plain) return <span className="text-muted-foreground">Выражение — в расширенном режиме</span>;
  return (
    <span className="flex flex-wrap items-center gap-1">
      {plain.spellings.map((spelling) => (
        <Badge key={spelling} variant="outline" className="font-normal">
          {spelling}
        </Badge>
      ))}
      <span aria-hidden>→</span>
      <span className="sr-only">станет</span>
      <span className="font-medium">{plain.unit}</span>
    </span>
  );
}

function UnitRuleActions({ rule, onEdit, onDelete }: { rule: UnitRuleView; onEdit: () => void; onDelete: () => void }) {
  return (
    <EditDeleteButtons
      className="shrink-0"
      editLabel={`Изменить правило «${ruleName(rule)}»`}
      deleteLabel={`Удалить правило «${ruleName(rule)}»`}
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
  // Expressions are for those who write them: the plain view shows spellings and units.
  const [advanced, setAdvanced] = useState(false);
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
      <div className="flex items-center gap-2">
        <Switch id="unit-advanced" checked={advanced} onCheckedChange={setAdvanced} />
        <Label htmlFor="unit-advanced">Расширенный режим</Label>
        <span className="text-sm text-muted-foreground">— правила как регулярные выражения</span>
      </div>
      <TabList
        query={rules}
        loading="Загрузка правил единиц"
        failure="Не удалось загрузить правила единиц"
        empty={{ icon: Ruler, title: 'Правил единиц нет', text: 'Единицы в названиях останутся как в файлах поставщиков.' }}
      >
        {(list) => (
          <>
            <Table containerClassName="hidden md:block">
              <ListTableHeader
                columns={[{ label: 'Порядок', className: 'w-20' }, ...(advanced ? ['Что найти', 'Чем заменить'] : ['Написания → единица']), { label: 'Действия', className: 'text-right' }]}
              />
              <TableBody>
                {list.map((rule) => (
                  <TableRow key={rule.id} data-testid="unit-rule-row">
                    <TableCell className="tabular-nums">{rule.sortOrder}</TableCell>
                    {advanced ? (
                      <>
                        <TableCell className="max-w-xs font-mono text-xs break-all whitespace-normal">
                          {rule.pattern}
                          <PatternNotRun pattern={rule.pattern} />
                        </TableCell>
                        <TableCell className="font-mono text-xs whitespace-pre">{rule.replacement}</TableCell>
                      </>
                    ) : (
                      <TableCell className="whitespace-normal">
                        <RuleSummary rule={rule} />
                        <PatternNotRun pattern={rule.pattern} />
                      </TableCell>
                    )}
                    <TableCell>
                      <UnitRuleActions rule={rule} onEdit={() => setEditing({ rule })} onDelete={() => setToDelete(rule)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <PhoneCards items={list} itemKey={(rule) => rule.id} testId="unit-rule-card" cardClassName="flex-row items-start gap-3 p-3">
              {(rule) => (
                <>
                  <div className="grid min-w-0 flex-1 gap-1 text-sm">
                    {advanced ? (
                      <>
                        <p className="font-mono text-xs break-all">{rule.pattern}</p>
                        <p>
                          → <span className="font-mono text-xs whitespace-pre">{rule.replacement}</span>
                        </p>
                      </>
                    ) : (
                      <RuleSummary rule={rule} />
                    )}
                    <PatternNotRun pattern={rule.pattern} />
                    <p className="text-xs text-muted-foreground">порядок {rule.sortOrder}</p>
                  </div>
                  <UnitRuleActions rule={rule} onEdit={() => setEditing({ rule })} onDelete={() => setToDelete(rule)} />
                </>
              )}
            </PhoneCards>
          </>
        )}
      </TabList>
      {editing &&
        // A rule that is an expression only (hand-written) opens as one; the rest as plain fields unless the advanced view is on.
        (advanced || (editing.rule && !spellingsOf(editing.rule)) ? (
          <UnitRuleDialog key={editing.rule?.id ?? 'new'} rule={editing.rule} example={example} onClose={() => setEditing(null)} />
        ) : (
          <SpellingsDialog key={editing.rule?.id ?? 'new'} rule={editing.rule} example={example} onClose={() => setEditing(null)} />
        ))}
      <DeleteDialog
        target={toDelete}
        title="Удалить правило единиц?"
        description={<>Правило «{toDelete && ruleName(toDelete)}» больше не будет применяться при импорте.</>}
        pending={remove.isPending}
        onConfirm={(rule) => remove.mutate(rule)}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
