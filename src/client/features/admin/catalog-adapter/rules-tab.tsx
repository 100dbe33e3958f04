import { useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { DeleteDialog } from '#client/features/admin/components/delete-dialog.tsx';
import { EditDeleteButtons } from '#client/features/admin/components/row-actions.tsx';
import { deleteToasts } from '#client/features/admin/lib/mutation-toasts.ts';
import { AddBar, PatternNotRun, TabList } from './tab-states.tsx';
import { RULE_KIND_LABELS, type CategoryRuleView } from '#shared/schemas/catalog-adapter.ts';
import { rulesQuery, useDeleteRule } from './api.ts';
import { RuleDialog } from './rule-dialog.tsx';
import { PhoneCards } from '#client/features/admin/components/phone-cards.tsx';

type RuleActions = { onEdit: (rule: CategoryRuleView) => void; onDelete: (rule: CategoryRuleView) => void };

function Condition({ rule }: { rule: CategoryRuleView }) {
  return (
    <span className="grid gap-1">
      <span className="text-xs text-muted-foreground">{RULE_KIND_LABELS[rule.kind]}</span>
      <span className={rule.kind === 'name_pattern' ? 'font-mono text-sm break-all' : 'font-medium break-words'}>{rule.pattern}</span>
      {rule.kind === 'name_pattern' && <PatternNotRun pattern={rule.pattern} />}
    </span>
  );
}

function Actions({ rule, onEdit, onDelete }: { rule: CategoryRuleView } & RuleActions) {
  return (
    <EditDeleteButtons
      editLabel={`Изменить правило «${rule.pattern}»`}
      deleteLabel={`Удалить правило «${rule.pattern}»`}
      onEdit={() => onEdit(rule)}
      onDelete={() => onDelete(rule)}
    />
  );
}

function RulesTable({ rules, ...actions }: { rules: CategoryRuleView[] } & RuleActions) {
  return (
    <Table containerClassName="hidden md:block">
      <ListTableHeader columns={[{ label: 'Приоритет', className: 'w-24' }, 'Условие', 'Поставщик', 'Категория магазина', { label: 'Действия', className: 'text-right' }]} />
      <TableBody>
        {rules.map((rule) => (
          <TableRow key={rule.id} data-testid="adapter-rule-row">
            <TableCell className="tabular-nums">{rule.priority}</TableCell>
            <TableCell className="max-w-sm whitespace-normal">
              <Condition rule={rule} />
            </TableCell>
            <TableCell>{rule.supplierName ?? <span className="text-muted-foreground">Любой</span>}</TableCell>
            <TableCell className="whitespace-normal font-medium">{rule.categoryName}</TableCell>
            <TableCell>
              <Actions rule={rule} {...actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RuleCards({ rules, ...actions }: { rules: CategoryRuleView[] } & RuleActions) {
  return (
    <PhoneCards items={rules} itemKey={(rule) => rule.id} testId="adapter-rule-card" cardClassName="gap-2 p-3">
      {(rule) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <Condition rule={rule} />
            <Actions rule={rule} {...actions} />
          </div>
          <p className="text-sm">
            → <span className="font-medium">{rule.categoryName}</span>
          </p>
          <p className="flex flex-wrap gap-2 text-xs text-muted-foreground">
            <Badge variant="outline">{rule.supplierName ?? 'Любой поставщик'}</Badge>
            <span>приоритет {rule.priority}</span>
          </p>
        </>
      )}
    </PhoneCards>
  );
}

/** «Правила»: every category rule in the order they are tried, with the form to add or change one. */
export function RulesTab() {
  const rules = useQuery(rulesQuery());
  const [editing, setEditing] = useState<{ rule: CategoryRuleView | null } | null>(null);
  const [toDelete, setToDelete] = useState<CategoryRuleView | null>(null);
  const remove = useDeleteRule(
    deleteToasts((_answer, rule) => ({ title: 'Правило удалено', description: `Товары остаются в своих категориях. «${rule.pattern}»` }), 'Не удалось удалить правило', () =>
      setToDelete(null),
    ),
  );
  const actions: RuleActions = { onEdit: (rule) => setEditing({ rule }), onDelete: setToDelete };

  return (
    <div className="grid gap-4">
      <AddBar
        text="Правила пробуются по порядку: меньший приоритет раньше; при равном — категория поставщика, затем слово, затем шаблон."
        label="Добавить правило"
        onAdd={() => setEditing({ rule: null })}
      />
      <TabList
        query={rules}
        loading="Загрузка правил"
        failure="Не удалось загрузить правила"
        empty={{ icon: ListChecks, title: 'Правил пока нет', text: 'Добавьте правило или примите предложение на вкладке «Категории поставщиков».' }}
      >
        {(list) => (
          <>
            <RulesTable rules={list} {...actions} />
            <RuleCards rules={list} {...actions} />
          </>
        )}
      </TabList>
      {editing && <RuleDialog key={editing.rule?.id ?? 'new'} rule={editing.rule} onClose={() => setEditing(null)} />}
      <DeleteDialog
        target={toDelete}
        title="Удалить правило?"
        description={<>Правило «{toDelete?.pattern}» больше не будет применяться. Товары, которые оно уже переместило, останутся на местах.</>}
        pending={remove.isPending}
        onConfirm={(rule) => remove.mutate(rule)}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}
