import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, Loader2, Pencil, Plus, Ruler, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { TabEmpty, TabLoading } from './tab-states.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { compileRegex, compileUnitRules } from '#shared/catalog-adapter.ts';
import { UnitRuleSchema, type UnitRuleData, type UnitRuleView } from '#shared/schemas/catalog-adapter.ts';
import { unitRulesQuery, useDeleteUnitRule, useSaveUnitRule } from './api.ts';
import { DialogSaveFooter } from '#client/features/admin/components/dialog-save-footer.tsx';

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
    resolver: zodResolver(UnitRuleSchema) as unknown as Resolver<FormValues, unknown, UnitRuleData>,
    defaultValues: rule ? { pattern: rule.pattern, replacement: rule.replacement, sortOrder: String(rule.sortOrder) } : { pattern: '', replacement: '', sortOrder: '' },
    mode: 'onTouched',
  });
  const { errors } = formState;
  const [pattern, replacement] = useWatch({ control, name: ['pattern', 'replacement'] });
  const [sample, setSample] = useState(example);
  const compiled = pattern ? compileRegex(pattern, 'giu') : null;
  const save = useSaveUnitRule(rule?.id ?? null, {
    onSuccess: () => {
      toast({ title: rule ? 'Правило единиц изменено' : 'Правило единиц добавлено', variant: 'success' });
      onClose();
    },
    onError: (error) => {
      applyServerErrors(error, FIELDS, setError);
      toast({ title: 'Не удалось сохранить правило', description: error.message, variant: 'destructive' });
    },
  });
  const patternHint = 'Выражение JavaScript, без учёта регистра; «(?!\\p{L})» — конец слова.';
  const replacementHint = '$1, $2 — найденные группы.';

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{rule ? 'Изменение правила единиц' : 'Новое правило единиц'}</DialogTitle>
          <DialogDescription>Правило заменяет написание единиц в названиях и характеристиках при импорте.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={handleSubmit((data) => save.mutate(data))}>
          <FormField label="Что найти" htmlFor="unit-pattern" required error={errors.pattern?.message} hint={patternHint}>
            <Input
              className="font-mono"
              spellCheck={false}
              autoComplete="off"
              placeholder="(\d)\s*(?:w|watt)(?!\p{L})"
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
                placeholder="$1 Вт"
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
            <ExampleResult label="Пример с этим правилом" before={sample} after={compiled?.ok ? sample.replace(compiled.regex, replacement ?? '') : sample} />
          )}
          <DialogSaveFooter saving={save.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function UnitRuleActions({ rule, onEdit, onDelete }: { rule: UnitRuleView; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex shrink-0 justify-end gap-1">
      <Button variant="ghost" size="icon-sm" onClick={onEdit} aria-label={`Изменить правило «${rule.pattern}»`} title="Изменить">
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-destructive hover:bg-destructive-muted hover:text-destructive"
        onClick={onDelete}
        aria-label={`Удалить правило «${rule.pattern}»`}
        title="Удалить"
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

/** «Единицы»: how unit spellings are rewritten, in order, with an example to try them on. */
export function UnitsTab() {
  const rules = useQuery(unitRulesQuery());
  const [example, setExample] = useState(DEFAULT_EXAMPLE);
  const [editing, setEditing] = useState<{ rule: UnitRuleView | null } | null>(null);
  const [toDelete, setToDelete] = useState<UnitRuleView | null>(null);
  const remove = useDeleteUnitRule({
    onSuccess: () => {
      toast({ title: 'Правило единиц удалено', variant: 'success' });
      setToDelete(null);
    },
    onError: (error) => {
      toast({ title: 'Не удалось удалить правило', description: error.message, variant: 'destructive' });
      setToDelete(null);
    },
  });
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
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">Правила применяются по порядку, каждое ко всему тексту.</p>
        <Button onClick={() => setEditing({ rule: null })} className="shrink-0">
          <Plus aria-hidden />
          Добавить правило
        </Button>
      </div>
      {rules.isPending ? (
        <TabLoading label="Загрузка правил единиц" />
      ) : rules.isError ? (
        <LoadError title="Не удалось загрузить правила единиц" error={rules.error} onRetry={() => void rules.refetch()} />
      ) : list.length === 0 ? (
        <TabEmpty icon={Ruler} title="Правил единиц нет" text="Единицы в названиях останутся как в файлах поставщиков." />
      ) : (
        <>
          <Table containerClassName="hidden md:block">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="w-20">Порядок</TableHead>
                <TableHead>Что найти</TableHead>
                <TableHead>Чем заменить</TableHead>
                <TableHead className="text-right">Действия</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((rule) => (
                <TableRow key={rule.id} data-testid="unit-rule-row">
                  <TableCell className="tabular-nums">{rule.sortOrder}</TableCell>
                  <TableCell className="max-w-xs font-mono text-xs break-all whitespace-normal">{rule.pattern}</TableCell>
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
      {editing && <UnitRuleDialog key={editing.rule?.id ?? 'new'} rule={editing.rule} example={example} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title="Удалить правило единиц?"
        description={<>Правило «{toDelete?.pattern}» больше не будет применяться при импорте.</>}
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
