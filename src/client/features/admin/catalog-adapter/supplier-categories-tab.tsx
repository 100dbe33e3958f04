import { useQuery } from '@tanstack/react-query';
import { Check, FolderInput, FolderPlus, Loader2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { cn } from '#client/lib/utils.ts';
import { TabLoading } from './tab-states.tsx';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { adminCategoriesQuery } from '#client/features/admin/lib/catalog.ts';
import { productsCount } from '#shared/plural.ts';
import { DEFAULT_RULE_PRIORITY, type CategoryRuleData, type CategoryRuleView, type SupplierCategoryRow } from '#shared/schemas/catalog-adapter.ts';
import type { AdminCategory } from '#shared/types.ts';
import { newCategoryName, rulePreviewQuery, rulesQuery, supplierCategoriesQuery, useCategoryFromGroup, useSaveRule } from './api.ts';
import { RulePreview } from './move-preview.tsx';
import { PhoneCards } from '#client/features/admin/components/phone-cards.tsx';
import { BusyLabel } from '#client/components/busy-label.tsx';

type Suggestion = NonNullable<SupplierCategoryRow['suggestion']>;

const rowKey = (row: SupplierCategoryRow) => `${row.supplierId}|${row.name}`;

/**
 * The rule that choosing `categoryId` for the row saves: its own rule changed, or (unmapped, or
 * mapped by a rule for every supplier) a new rule for this supplier.
 */
function ruleFor(row: SupplierCategoryRow, categoryId: number, rules: CategoryRuleView[]): { id: number | null; rule: CategoryRuleData } {
  const own = row.mapping && !row.mapping.anySupplier ? rules.find((r) => r.id === row.mapping!.ruleId) : undefined;
  if (own) return { id: own.id, rule: { kind: own.kind, supplierId: own.supplierId, pattern: own.pattern, categoryId, priority: own.priority } };
  return { id: null, rule: { kind: 'category', supplierId: row.supplierId, pattern: row.name, categoryId, priority: DEFAULT_RULE_PRIORITY } };
}

const savedToast = (row: SupplierCategoryRow, saved: CategoryRuleView) =>
  toast({
    title: 'Правило сохранено',
    description: `«${row.name}» → ${saved.categoryName}. Примените правила, чтобы перенести товары.`,
    variant: 'success',
  });

/** The shop category a supplier category maps to: a choice with its preview, or the suggestion to accept. */
function MappingControl({
  row,
  categories,
  rules,
  place,
}: {
  row: SupplierCategoryRow;
  categories: AdminCategory[];
  rules: CategoryRuleView[];
  /** The table's or the card's copy (one of them is hidden): their controls need their own ids. */
  place: 'table' | 'card';
}) {
  const current = row.mapping?.categoryId ?? null;
  const [choice, setChoice] = useState<number | null>(current);
  const changing = choice !== null && choice !== current;
  const draft = changing ? ruleFor(row, choice, rules) : null;
  const preview = useQuery(rulePreviewQuery(draft?.rule ?? null, draft?.id ?? null));
  const save = useSaveRule(draft?.id ?? null, {
    onSuccess: (saved) => savedToast(row, saved),
    onError: (error) => toast({ title: 'Не удалось сохранить правило', description: error.message, variant: 'destructive' }),
  });
  const selectId = `mapping-${place}-${row.supplierId}-${encodeURIComponent(row.name)}`;

  return (
    <div className="grid w-full gap-2" data-testid="supplier-category-mapping">
      <label htmlFor={selectId} className="sr-only">
        Категория магазина для «{row.name}» ({row.supplierName})
      </label>
      <NativeSelect id={selectId} value={choice ?? ''} onChange={(e) => setChoice(e.target.value ? Number(e.target.value) : current)}>
        {current === null && <option value="">Не выбрана</option>}
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </NativeSelect>
      {row.mapping?.anySupplier && !changing && <p className="text-xs text-muted-foreground">По правилу для всех поставщиков</p>}
      {row.suggestion && !changing && <SuggestionLine row={row} suggestion={row.suggestion} />}
      {!row.mapping && !changing && <NewCategoryButton row={row} />}
      {draft && (
        <>
          <RulePreview plan={preview.data} pending={preview.isFetching} error={preview.error} />
          <div className="flex gap-2">
            <Button size="sm" disabled={save.isPending} onClick={() => save.mutate(draft.rule)}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Сохранить
            </Button>
            <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => setChoice(current)}>
              Отмена
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** «уверенно, 80 %» or «неуверенно, 20 %»: the share of the group's products like the category's. */
const confidenceText = (suggestion: Suggestion) => `${suggestion.confident ? 'уверенно' : 'неуверенно'}, ${Math.round(suggestion.confidence * 100)} %`;

/**
 * The search's suggestion and how sure it is; one-click acceptance only when it is sure (an
 * unsure one is a hint: the choice above saves it like any other).
 */
function SuggestionLine({ row, suggestion }: { row: SupplierCategoryRow; suggestion: Suggestion }) {
  const accept = useSaveRule(null, {
    onSuccess: (saved) => savedToast(row, saved),
    onError: (error) => toast({ title: 'Не удалось принять предложение', description: error.message, variant: 'destructive' }),
  });
  return (
    <div className="grid gap-1 text-sm" data-testid="suggestion">
      <div className="flex items-center gap-2">
        <p className="flex min-w-0 flex-1 items-start gap-1.5">
          <Sparkles className={cn('mt-0.5 size-4 shrink-0', suggestion.confident ? 'text-primary' : 'text-muted-foreground')} aria-hidden />
          <span>
            {suggestion.confident ? 'Предложение' : 'Возможно'}: <span className="font-medium">{suggestion.categoryName}</span>{' '}
            <Badge variant={suggestion.confident ? 'success' : 'warning'}>{confidenceText(suggestion)}</Badge>
          </span>
        </p>
        {suggestion.confident && (
          <Button
            size="sm"
            variant="outline"
            className="shrink-0"
            disabled={accept.isPending}
            onClick={() => accept.mutate({ kind: 'category', supplierId: row.supplierId, pattern: row.name, categoryId: suggestion.categoryId, priority: DEFAULT_RULE_PRIORITY })}
            aria-label={`Принять: «${row.name}» → ${suggestion.categoryName}`}
          >
            <BusyLabel busy={accept.isPending} icon={Check}>Принять</BusyLabel>
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        {suggestion.confident
          ? `Товары группы похожи на товары категории (${Math.round(suggestion.confidence * 100)} % названий).`
          : `Похожих на товары категории названий: ${Math.round(suggestion.confidence * 100)} %. Выберите категорию выше или создайте новую.`}
      </p>
    </div>
  );
}

/** A shop category named after the group, with the group's rule to it, in one click. */
function NewCategoryButton({ row }: { row: SupplierCategoryRow }) {
  const name = newCategoryName(row);
  const create = useCategoryFromGroup({
    onSuccess: (saved) =>
      toast({ title: `Категория «${saved.categoryName}» создана`, description: `«${row.name}» → ${saved.categoryName}. Примените правила, чтобы перенести товары.`, variant: 'success' }),
    onError: (error) => toast({ title: 'Не удалось создать категорию', description: error.message, variant: 'destructive' }),
  });
  return (
    <Button size="sm" variant="ghost" className="justify-self-start" disabled={create.isPending} onClick={() => create.mutate(row)}>
      <BusyLabel busy={create.isPending} icon={FolderPlus}>Создать категорию «{name}»</BusyLabel>
    </Button>
  );
}

function Products({ row }: { row: SupplierCategoryRow }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="tabular-nums">{productsCount(row.productCount)}</span>
      {row.awaitingCount > 0 && <Badge variant="warning">{row.awaitingCount} без категории</Badge>}
    </span>
  );
}

/** «Категории поставщиков»: every category name a supplier used, its products, where it goes. */
export function SupplierCategoriesTab() {
  const rows = useQuery(supplierCategoriesQuery());
  const categories = useQuery(adminCategoriesQuery());
  const rules = useQuery(rulesQuery());
  if (rows.isPending || categories.isPending || rules.isPending) return <TabLoading label="Загрузка категорий поставщиков" />;
  const failed = rows.error ?? categories.error ?? rules.error;
  if (failed) {
    const retry = () => void Promise.all([rows.refetch(), categories.refetch(), rules.refetch()]);
    return <LoadError title="Не удалось загрузить категории поставщиков" error={failed} onRetry={retry} />;
  }
  const list = rows.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyPanel icon={FolderInput} title="Категорий поставщиков пока нет" text="Они появятся здесь после импорта товаров с категориями поставщика." />
    );
  }
  const unmapped = list.filter((row) => !row.mapping).length;
  // Remounted when the mapping changes, so the choice starts from the saved one.
  const mapping = (row: SupplierCategoryRow, place: 'table' | 'card') => (
    <MappingControl
      key={`${rowKey(row)}|${row.mapping?.ruleId}|${row.mapping?.categoryId}`}
      row={row}
      categories={categories.data ?? []}
      rules={rules.data ?? []}
      place={place}
    />
  );

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Всего: {list.length}, без правила: {unmapped}. Товары категорий без правила ждут во вкладке «Без категории» и не видны покупателям.
      </p>
      <Table containerClassName="hidden md:block">
        <ListTableHeader columns={['Поставщик', 'Категория поставщика', 'Товаров', 'Категория магазина']} />
        <TableBody>
          {list.map((row) => (
            <TableRow key={rowKey(row)} data-testid="supplier-category-row" className="align-top">
              <TableCell>{row.supplierName}</TableCell>
              <TableCell className="max-w-xs font-medium whitespace-normal">{row.name}</TableCell>
              <TableCell>
                <Products row={row} />
              </TableCell>
              <TableCell className="w-84 whitespace-normal">{mapping(row, 'table')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <PhoneCards items={list} itemKey={(row) => rowKey(row)} testId="supplier-category-card" cardClassName="gap-3 p-3">
        {(row) => (
          <>
            <div>
              <p className="font-medium break-words">{row.name}</p>
              <p className="text-sm text-muted-foreground">{row.supplierName}</p>
            </div>
            <Products row={row} />
            {mapping(row, 'card')}
          </>
        )}
      </PhoneCards>
    </div>
  );
}
