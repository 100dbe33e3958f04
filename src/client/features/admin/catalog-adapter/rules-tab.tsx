import { useQuery } from '@tanstack/react-query';
import { ListChecks, Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { TabEmpty, TabLoading } from './tab-states.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { RULE_KIND_LABELS, type CategoryRuleView } from '#shared/schemas/catalog-adapter.ts';
import { rulesQuery, useDeleteRule } from './api.ts';
import { RuleDialog } from './rule-dialog.tsx';

type RuleActions = { onEdit: (rule: CategoryRuleView) => void; onDelete: (rule: CategoryRuleView) => void };

function Condition({ rule }: { rule: CategoryRuleView }) {
  return (
    <span className="grid gap-1">
      <span className="text-xs text-muted-foreground">{RULE_KIND_LABELS[rule.kind]}</span>
      <span className={rule.kind === 'name_pattern' ? 'font-mono text-sm break-all' : 'font-medium break-words'}>{rule.pattern}</span>
    </span>
  );
}

function Actions({ rule, onEdit, onDelete }: { rule: CategoryRuleView } & RuleActions) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon-sm" onClick={() => onEdit(rule)} aria-label={`Изменить правило «${rule.pattern}»`} title="Изменить">
        <Pencil aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-destructive hover:bg-destructive-muted hover:text-destructive"
        onClick={() => onDelete(rule)}
        aria-label={`Удалить правило «${rule.pattern}»`}
        title="Удалить"
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

function RulesTable({ rules, ...actions }: { rules: CategoryRuleView[] } & RuleActions) {
  return (
    <Table containerClassName="hidden md:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-24">Приоритет</TableHead>
          <TableHead>Условие</TableHead>
          <TableHead>Поставщик</TableHead>
          <TableHead>Категория магазина</TableHead>
          <TableHead className="text-right">Действия</TableHead>
        </TableRow>
      </TableHeader>
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
    <ul className="grid gap-3 md:hidden">
      {rules.map((rule) => (
        <li key={rule.id} data-testid="adapter-rule-card">
          <Card className="gap-2 p-3">
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
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** «Правила»: every category rule in the order they are tried, with the form to add or change one. */
export function RulesTab() {
  const rules = useQuery(rulesQuery());
  const [editing, setEditing] = useState<{ rule: CategoryRuleView | null } | null>(null);
  const [toDelete, setToDelete] = useState<CategoryRuleView | null>(null);
  const remove = useDeleteRule({
    onSuccess: (_answer, rule) => {
      toast({ title: 'Правило удалено', description: `Товары остаются в своих категориях. «${rule.pattern}»`, variant: 'success' });
      setToDelete(null);
    },
    onError: (error) => {
      toast({ title: 'Не удалось удалить правило', description: error.message, variant: 'destructive' });
      setToDelete(null);
    },
  });
  const list = rules.data ?? [];
  const actions: RuleActions = { onEdit: (rule) => setEditing({ rule }), onDelete: setToDelete };

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Правила пробуются по порядку: меньший приоритет раньше; при равном — категория поставщика, затем слово, затем шаблон.
        </p>
        <Button onClick={() => setEditing({ rule: null })} className="shrink-0">
          <Plus aria-hidden />
          Добавить правило
        </Button>
      </div>
      {rules.isPending ? (
        <TabLoading label="Загрузка правил" />
      ) : rules.isError ? (
        <LoadError title="Не удалось загрузить правила" error={rules.error} onRetry={() => void rules.refetch()} />
      ) : list.length === 0 ? (
        <TabEmpty icon={ListChecks} title="Правил пока нет" text="Добавьте правило или примите предложение на вкладке «Категории поставщиков»." />
      ) : (
        <>
          <RulesTable rules={list} {...actions} />
          <RuleCards rules={list} {...actions} />
        </>
      )}
      {editing && <RuleDialog key={editing.rule?.id ?? 'new'} rule={editing.rule} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title="Удалить правило?"
        description={<>Правило «{toDelete?.pattern}» больше не будет применяться. Товары, которые оно уже переместило, останутся на местах.</>}
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
