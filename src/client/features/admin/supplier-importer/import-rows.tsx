import { useQuery } from '@tanstack/react-query';
import { ArrowRight, SearchX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeProps } from '#client/components/ui/badge.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { cn } from '#client/lib/utils.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { IMPORT_ROWS_PER_PAGE, ROW_ACTION_LABELS, type ImportCounts, type ImportRow, type ProductState, type RowAction } from '#shared/schemas/supplier-import.ts';
import { ListPagination, useLastPageAtMost } from '#client/features/admin/components/list-pagination.tsx';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { useListFilters } from '#client/features/admin/components/use-list-filters.ts';
import { importRowsQuery } from './api.ts';
import { rowActionLabel } from './counts.tsx';
import { priceChange, priceText, shownPriceNote, stockText } from './format.tsx';

const countFormat = new Intl.NumberFormat('ru-RU');

/** The rows' tabs: one per action, then all of them. */
const TABS = ['update', 'create', 'error', 'absent', 'unchanged', 'all'] as const;
export type RowsTab = (typeof TABS)[number];
type RowsFilters = { rows: RowsTab; flagged: 'true' | null };

/** The tab a dry run opens on: the first kind of row it has, changes first. */
const firstTab = (counts: ImportCounts): RowsTab => TABS.find((tab) => tab !== 'all' && counts[tab] > 0) ?? 'all';

/** The rows' tab, the «big changes only» toggle and the page, kept in the address (a refresh or a shared link shows the same). */
export function useRowsFilters(counts: ImportCounts) {
  const defaults: RowsFilters = { rows: firstTab(counts), flagged: null };
  return useListFilters<RowsFilters>(
    (params) => ({
      rows: TABS.find((t) => t === params.get('rows')) ?? defaults.rows,
      flagged: params.get('flagged') === 'true' ? 'true' : null,
    }),
    defaults,
  );
}

const ACTION_BADGES: Record<RowAction, BadgeProps['variant']> = {
  create: 'success',
  update: 'secondary',
  unchanged: 'outline',
  error: 'destructive',
  absent: 'warning',
};

/** How the storefront rounds a price with kopecks, under the price. */
function ShownPrice({ kopecks }: { kopecks: number | null }) {
  const note = shownPriceNote(kopecks);
  return note && <span className="block basis-full text-xs font-normal text-muted-foreground">{note}</span>;
}

function PriceChange({ row }: { row: ImportRow }) {
  const before = row.before?.priceKopecks ?? null;
  const after = row.after?.priceKopecks ?? null;
  if (!row.before || !row.after || before === after) {
    const price = row.after ? after : before;
    return (
      <>
        {priceText(price)}
        <ShownPrice kopecks={price} />
      </>
    );
  }
  const change = priceChange(before, after);
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-1.5', row.priceFlagged && 'rounded-md bg-warning-muted px-1.5 py-0.5 text-warning')}>
      {row.priceFlagged && <TriangleAlert className="size-4 shrink-0" aria-label="Большое изменение цены" />}
      <span className="text-muted-foreground line-through decoration-1">{priceText(before)}</span>
      <ArrowRight className="size-3.5 shrink-0" aria-label="станет" />
      <span className="font-semibold">{priceText(after)}</span>
      {change && <span className="text-xs">({change})</span>}
      <ShownPrice kopecks={after} />
    </span>
  );
}

/** A value before and after (stock, visibility); one value when it does not change. */
function Change({ before, after, show }: { before: ProductState | null; after: ProductState | null; show: (state: ProductState) => string }) {
  if (!before && !after) return <>—</>;
  if (!before || !after || show(before) === show(after)) return <>{show((after ?? before)!)}</>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className="text-muted-foreground">{show(before)}</span>
      <ArrowRight className="size-3.5 shrink-0" aria-label="станет" />
      <span className="font-semibold">{show(after)}</span>
    </span>
  );
}

const stockOf = (state: ProductState) => stockText(state.stock);
const visibilityOf = (state: ProductState) => (state.isActive ? 'на витрине' : 'скрыт');

const nameOf = (row: ImportRow) => row.name ?? row.after?.name ?? row.before?.name ?? null;

function ProductName({ row }: { row: ImportRow }) {
  const name = nameOf(row) ?? '—';
  return row.productId ? (
    <Link to={adminPaths.productEdit(row.productId)} className="font-medium underline-offset-4 hover:underline">
      {name}
    </Link>
  ) : (
    <span className="font-medium">{name}</span>
  );
}

/** The shop's SKU, and the supplier's own under it when it differs. */
function Sku({ row }: { row: ImportRow }) {
  const supplierSku = row.supplierSku !== row.sku ? row.supplierSku : null;
  return (
    <span className="grid font-mono text-xs">
      <span>{row.sku ?? supplierSku ?? '—'}</span>
      {row.sku && supplierSku && <span className="text-muted-foreground">{supplierSku}</span>}
    </span>
  );
}

function ErrorText({ row }: { row: ImportRow }) {
  return (
    <span className="text-destructive">
      {row.column && <span className="font-semibold">{row.column}: </span>}
      {row.message}
    </span>
  );
}

/** The characteristics the row brings (YML params, columns read as characteristics), as the file writes them. */
function RowCharacteristics({ row }: { row: ImportRow }) {
  if (row.characteristics.length === 0) return null;
  return (
    <span className="text-xs text-muted-foreground" data-testid="row-characteristics">
      <span className="font-medium">Характеристики: </span>
      {row.characteristics.map((c) => `${c.name}: ${c.value}${c.unit ? ` ${c.unit}` : ''}`).join(' · ')}
    </span>
  );
}

/** The row's kind, where a tab shows several kinds. */
function ActionBadge({ row }: { row: ImportRow }) {
  return <Badge variant={ACTION_BADGES[row.action]}>{ROW_ACTION_LABELS[row.action]}</Badge>;
}

function RowsTable({ rows, errorsOnly, mixed }: { rows: ImportRow[]; errorsOnly: boolean; mixed: boolean }) {
  return (
    <Table containerClassName="hidden md:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="text-right">Строка</TableHead>
          <TableHead>Артикул</TableHead>
          {errorsOnly ? (
            <>
              <TableHead>Наименование</TableHead>
              <TableHead>Колонка</TableHead>
              <TableHead>Причина</TableHead>
            </>
          ) : (
            <>
              <TableHead>Наименование</TableHead>
              <TableHead>Цена</TableHead>
              <TableHead>Остаток</TableHead>
              <TableHead>Витрина</TableHead>
            </>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid="import-row" className={cn(row.priceFlagged && 'bg-warning-muted/40')}>
            <TableCell className="text-right text-muted-foreground tabular-nums">{row.rowNumber ?? '—'}</TableCell>
            <TableCell>
              <Sku row={row} />
            </TableCell>
            {errorsOnly ? (
              <>
                <TableCell className="max-w-64 whitespace-normal">{nameOf(row) ?? '—'}</TableCell>
                <TableCell>{row.column ?? '—'}</TableCell>
                <TableCell className="whitespace-normal text-destructive">{row.message}</TableCell>
              </>
            ) : (
              <>
                <TableCell className="max-w-80 whitespace-normal">
                  <div className="grid gap-0.5">
                    <span className="flex flex-wrap items-center gap-2">
                      <ProductName row={row} />
                      {mixed && <ActionBadge row={row} />}
                    </span>
                    {row.action === 'error' ? <ErrorText row={row} /> : <RowCharacteristics row={row} />}
                  </div>
                </TableCell>
                <TableCell className="tabular-nums">
                  <PriceChange row={row} />
                </TableCell>
                <TableCell className="tabular-nums">
                  <Change before={row.before} after={row.after} show={stockOf} />
                </TableCell>
                <TableCell>
                  <Change before={row.before} after={row.after} show={visibilityOf} />
                </TableCell>
              </>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: each row a card with its changes one under the other. */
function RowCards({ rows, mixed }: { rows: ImportRow[]; mixed: boolean }) {
  return (
    <ul className="grid gap-2 md:hidden">
      {rows.map((row) => (
        <li
          key={row.id}
          data-testid="import-row-card"
          className={cn('grid gap-1.5 rounded-lg border bg-card p-3 text-sm', row.priceFlagged && 'border-warning/40 bg-warning-muted/40')}
        >
          <div className="flex items-start justify-between gap-2 text-xs text-muted-foreground">
            <span className="flex gap-2">
              {row.rowNumber !== null && <span>Строка {row.rowNumber}</span>}
              {(row.sku ?? row.supplierSku) && <Sku row={row} />}
            </span>
            {mixed && <ActionBadge row={row} />}
          </div>
          {nameOf(row) && <ProductName row={row} />}
          {row.action !== 'error' && <RowCharacteristics row={row} />}
          {row.action === 'error' ? (
            <ErrorText row={row} />
          ) : (
            <dl className="grid grid-cols-[5.5rem_1fr] gap-x-2 gap-y-1">
              <dt className="text-muted-foreground">Цена</dt>
              <dd className="tabular-nums">
                <PriceChange row={row} />
              </dd>
              <dt className="text-muted-foreground">Остаток</dt>
              <dd className="tabular-nums">
                <Change before={row.before} after={row.after} show={stockOf} />
              </dd>
              <dt className="text-muted-foreground">Витрина</dt>
              <dd>
                <Change before={row.before} after={row.after} show={visibilityOf} />
              </dd>
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}

const tabLabel = (tab: RowsTab, applied: boolean) => (tab === 'all' ? 'Все' : rowActionLabel(tab, applied));

function RowsPage({ importId, tab, flagged, page, onPageChange }: { importId: number; tab: RowsTab; flagged: boolean; page: number; onPageChange: (page: number) => void }) {
  const action = tab === 'all' ? null : tab;
  const rows = useQuery(importRowsQuery(importId, { action, flagged, page }));
  const data = rows.data;
  useLastPageAtMost(page, data?.totalPages ?? 1, Boolean(data) && !rows.isPlaceholderData, onPageChange);

  if (rows.isPending) return <ListSkeleton label="Загрузка строк" />;
  if (rows.isError && !data) return <LoadError title="Не удалось загрузить строки" error={rows.error} onRetry={() => void rows.refetch()} />;
  if (!data || data.rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center text-muted-foreground">
        <SearchX className="size-8" aria-hidden />
        <p>{flagged ? 'Больших изменений цены нет.' : 'Таких строк нет.'}</p>
      </div>
    );
  }
  const first = (data.page - 1) * IMPORT_ROWS_PER_PAGE + 1;
  return (
    <div className={cn('grid gap-3', rows.isPlaceholderData && 'opacity-60 transition-opacity')}>
      <RowsTable rows={data.rows} errorsOnly={tab === 'error'} mixed={tab === 'all'} />
      <RowCards rows={data.rows} mixed={tab === 'all'} />
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
        <p className="text-sm text-muted-foreground">
          Строки {countFormat.format(first)}–{countFormat.format(first + data.rows.length - 1)} из {countFormat.format(data.total)}
        </p>
        <ListPagination page={data.page} totalPages={data.totalPages} onPageChange={onPageChange} />
      </div>
    </div>
  );
}

/** The import's rows by kind, 50 a page: old and new price and stock side by side, errors with their row and column. */
export function ImportRows({
  importId,
  counts,
  applied,
  filters,
  onChange,
}: {
  importId: number;
  counts: ImportCounts;
  applied: boolean;
  filters: RowsFilters & { page: number };
  onChange: (patch: Partial<RowsFilters & { page: number }>) => void;
}) {
  const canFlag = filters.rows === 'update' || filters.rows === 'all';
  const count = (tab: RowsTab) => (tab === 'all' ? counts.total : counts[tab]);
  return (
    <Tabs value={filters.rows} onValueChange={(rows) => onChange({ rows: rows as RowsTab })} className="min-w-0">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <TabsList aria-label="Строки прайс-листа">
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {tabLabel(tab, applied)}
              <span className="rounded-sm bg-muted px-1 text-xs tabular-nums">{countFormat.format(count(tab))}</span>
            </TabsTrigger>
          ))}
        </TabsList>
        {canFlag && (
          <div className="flex items-center gap-3">
            <Switch id="rows-flagged" checked={filters.flagged === 'true'} onCheckedChange={(on) => onChange({ flagged: on ? 'true' : null })} />
            <Label htmlFor="rows-flagged">Только большие изменения цены</Label>
          </div>
        )}
      </div>
      {TABS.map((tab) => (
        <TabsContent key={tab} value={tab}>
          {tab === filters.rows && (
            <RowsPage
              importId={importId}
              tab={tab}
              flagged={canFlag && filters.flagged === 'true'}
              page={filters.page}
              onPageChange={(page) => onChange({ page })}
            />
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
