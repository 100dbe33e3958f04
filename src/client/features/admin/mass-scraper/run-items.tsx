import { useQuery } from '@tanstack/react-query';
import { CircleAlert, ExternalLink, Inbox, Send, X, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { cn } from '#client/lib/utils.ts';
import { formatRub } from '#shared/money.ts';
import { pluralRu } from '#shared/plural.ts';
import { ITEMS_PAGE_SIZE, ITEM_STATUSES, ITEM_STATUS_LABELS, type ItemStatus, type ItemView, type PublishInput, type PublishResult, type RunView } from '#shared/schemas/mass-scraper.ts';
import { ListPagination, useLastPageAtMost } from '#client/features/admin/components/list-pagination.tsx';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { SearchBox } from '#client/features/admin/components/search-box.tsx';
import { isJobActive } from '#shared/jobs.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { itemsQuery, useDiscard, usePublish, type ItemFilters } from './api.ts';
import { ItemDialog } from './item-dialog.tsx';
import { ITEM_STATUS_VARIANTS } from './labels.ts';
import { PublishDialog } from './publish-dialog.tsx';

const cardsCount = (n: number) => `${n} ${pluralRu(n, 'карточка', 'карточки', 'карточек')}`;
const priceText = (price: number | null) => (price === null ? '—' : price > 0 ? formatRub(price) : 'Цена по запросу');

function Thumb({ src }: { src: string | null }) {
  return (
    <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
      <img src={src ?? '/placeholder-product.svg'} alt="" width={48} height={48} loading="lazy" decoding="async" className="size-full object-contain p-1" />
    </span>
  );
}

function StatusCell({ item }: { item: ItemView }) {
  return (
    <div className="grid justify-items-start gap-1">
      <Badge variant={ITEM_STATUS_VARIANTS[item.status]}>{ITEM_STATUS_LABELS[item.status]}</Badge>
      {item.message && <span className="text-xs whitespace-normal text-muted-foreground">{item.message}</span>}
      {/* A page that could not be read still names a product staff may want: the form is one click away. */}
      {item.status === 'failed' && (
        <Link to={adminPaths.productCreate} className="text-xs font-medium text-primary underline-offset-4 hover:underline">
          Заполнить карточку вручную
        </Link>
      )}
    </div>
  );
}

/** The name opens the card; a page without a card shows its address instead. */
function ItemTitle({ item, onOpen }: { item: ItemView; onOpen: () => void }) {
  return (
    <div className="min-w-0">
      <button type="button" onClick={onOpen} className="line-clamp-2 text-left font-medium [overflow-wrap:anywhere] hover:text-primary hover:underline">
        {item.name ?? item.url}
      </button>
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        {item.sku && <span>Арт. {item.sku} · </span>}
        <a href={item.url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-0.5 hover:text-primary" aria-label={`Страница поставщика: ${item.url}`}>
          страница <ExternalLink className="size-3" aria-hidden />
        </a>
      </p>
    </div>
  );
}

type Selection = { selected: Set<number>; toggle: (id: number, on: boolean) => void };

function ItemsTable({ items, selection, onOpen }: { items: ItemView[]; selection: Selection; onOpen: (id: number) => void }) {
  const all = items.length > 0 && items.every((item) => selection.selected.has(item.id));
  const some = items.some((item) => selection.selected.has(item.id));
  return (
    <Table containerClassName="hidden md:block">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-10">
            <Checkbox
              aria-label="Отметить все на странице"
              checked={all ? true : some ? 'indeterminate' : false}
              onCheckedChange={(on) => items.forEach((item) => selection.toggle(item.id, on === true))}
            />
          </TableHead>
          <TableHead>Товар</TableHead>
          <TableHead>Цена</TableHead>
          <TableHead>Категория</TableHead>
          <TableHead>Результат</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} data-testid="scraped-item" data-state={selection.selected.has(item.id) ? 'selected' : undefined}>
            <TableCell>
              <Checkbox aria-label={`Отметить: ${item.name ?? item.url}`} checked={selection.selected.has(item.id)} onCheckedChange={(on) => selection.toggle(item.id, on === true)} />
            </TableCell>
            <TableCell className="max-w-md min-w-64 whitespace-normal">
              <div className="flex items-center gap-3">
                <Thumb src={item.imageUrl} />
                <ItemTitle item={item} onOpen={() => onOpen(item.id)} />
              </div>
            </TableCell>
            <TableCell className="tabular-nums">{priceText(item.price)}</TableCell>
            <TableCell className="max-w-40 truncate">
              {item.name === null ? '—' : (item.categoryName ?? <span className="text-muted-foreground">Не выбрана</span>)}
            </TableCell>
            <TableCell className="max-w-xs">
              <StatusCell item={item} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Phones: the same results as cards. */
function ItemCards({ items, selection, onOpen }: { items: ItemView[]; selection: Selection; onOpen: (id: number) => void }) {
  return (
    <ul className="grid gap-2 md:hidden">
      {items.map((item) => (
        <li key={item.id} data-testid="scraped-item-card" className="flex gap-3 rounded-lg border bg-card p-3">
          <Checkbox
            className="mt-1"
            aria-label={`Отметить: ${item.name ?? item.url}`}
            checked={selection.selected.has(item.id)}
            onCheckedChange={(on) => selection.toggle(item.id, on === true)}
          />
          <div className="grid min-w-0 flex-1 gap-2">
            <div className="flex gap-3">
              <Thumb src={item.imageUrl} />
              <ItemTitle item={item} onOpen={() => onOpen(item.id)} />
            </div>
            <p className="text-sm tabular-nums">{priceText(item.price)}</p>
            <StatusCell item={item} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function StatusFilter({ run, value, onChange }: { run: RunView; value: ItemStatus | null; onChange: (status: ItemStatus | null) => void }) {
  const total = Object.values(run.counts).reduce((a, b) => a + b, 0);
  const shown = ITEM_STATUSES.filter((status) => run.counts[status] > 0 || status === value);
  const chip = (status: ItemStatus | null, label: string, count: number) => (
    <Button key={status ?? 'all'} size="sm" variant={value === status ? 'default' : 'outline'} aria-pressed={value === status} onClick={() => onChange(status)}>
      {label}
      <span className={cn('tabular-nums', value === status ? 'opacity-80' : 'text-muted-foreground')}>{count}</span>
    </Button>
  );
  return (
    <div role="group" aria-label="Фильтр по результату" className="flex flex-wrap gap-2">
      {chip(null, 'Все', total)}
      {shown.map((status) => chip(status, ITEM_STATUS_LABELS[status], run.counts[status]))}
    </div>
  );
}

function PublishProblems({ result, onClose }: { result: PublishResult; onClose: () => void }) {
  return (
    <Alert variant="destructive" className="mb-4" data-testid="publish-problems">
      <CircleAlert aria-hidden />
      <AlertTitle>Не опубликовано: {cardsCount(result.problems.length)}</AlertTitle>
      <AlertDescription>
        <ul className="grid gap-1">
          {result.problems.map((problem) => (
            <li key={problem.id} className="[overflow-wrap:anywhere]">
              {problem.url}: {problem.message}
            </li>
          ))}
        </ul>
        <Button variant="outline" size="sm" className="mt-2" onClick={onClose}>
          Понятно
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** The review list of a run: filter, search, check cards, publish or discard them. */
export function RunItems({ run, filters, onFilters }: { run: RunView; filters: ItemFilters; onFilters: (patch: Partial<ItemFilters>) => void }) {
  const list = useQuery(itemsQuery(run.id, filters, isJobActive(run.status)));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [opened, setOpened] = useState<number | null>(null);
  const [publishOpen, setPublishOpen] = useState(false);
  const [problems, setProblems] = useState<PublishResult | null>(null);
  const selection: Selection = {
    selected,
    toggle: (id, on) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
  };

  const publish = usePublish({
    onSuccess: (result) => {
      setPublishOpen(false);
      setSelected(new Set());
      setProblems(result.problems.length > 0 ? result : null);
      if (result.published > 0) toast({ title: `Опубликовано: ${cardsCount(result.published)}`, variant: 'success' });
      if (result.problems.length > 0) {
        toast({ title: `Не опубликовано: ${cardsCount(result.problems.length)}`, description: 'Причины — над списком результатов', variant: 'destructive' });
      }
      if (result.published > 0 && result.problems.length === 0) setOpened(null);
    },
    onError: (error) => toast({ title: 'Не удалось опубликовать', description: error.message, variant: 'destructive' }),
  });
  const discard = useDiscard({
    onSuccess: (result) => {
      setSelected(new Set());
      toast({ title: `Отклонено: ${cardsCount(result.discarded)}`, variant: 'success' });
    },
    onError: (error) => toast({ title: 'Не удалось отклонить', description: error.message, variant: 'destructive' }),
  });
  const runPublish = (input: PublishInput) => publish.mutate(input);

  const data = list.data;
  const known = Boolean(data) && !list.isPlaceholderData;
  useLastPageAtMost(filters.page, data?.pages ?? 1, known, (page) => onFilters({ page }));
  const ids = [...selected];
  const filtered = filters.status !== null || filters.query !== '';

  return (
    <section aria-label="Результаты запуска" className="grid gap-4">
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-center">
        <StatusFilter run={run} value={filters.status} onChange={(status) => onFilters({ status })} />
        <SearchBox value={filters.query} onChange={(query) => onFilters({ query })} placeholder="Название, артикул или адрес" aria-label="Поиск по результатам" />
      </div>

      {problems && <PublishProblems result={problems} onClose={() => setProblems(null)} />}

      {ids.length > 0 && (
        <div className="sticky top-14 z-10 flex flex-wrap items-center gap-2 rounded-lg border bg-card p-3 shadow-sm md:top-2" data-testid="selection-bar">
          <span className="mr-auto text-sm font-medium">Отмечено: {ids.length}</span>
          <Button size="sm" onClick={() => setPublishOpen(true)}>
            <Send aria-hidden />
            Опубликовать…
          </Button>
          <Button size="sm" variant="outline" className="text-destructive hover:text-destructive" disabled={discard.isPending} onClick={() => discard.mutate(ids)}>
            <XCircle aria-hidden />
            Отклонить
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            <X aria-hidden />
            Снять отметку
          </Button>
        </div>
      )}

      {list.isPending ? (
        <ListSkeleton label="Загрузка результатов" />
      ) : list.isError && !data ? (
        <LoadError title="Не удалось загрузить результаты" error={list.error} onRetry={() => void list.refetch()} />
      ) : data && data.items.length === 0 ? (
        <EmptyPanel
          icon={Inbox}
          title={filtered ? 'Ничего не найдено' : 'Страниц пока нет'}
          text={filtered ? 'Измените фильтр или запрос.' : isJobActive(run.status) ? 'Ссылки собираются, результаты появятся здесь.' : 'В этом запуске не оказалось страниц.'}
        />
      ) : (
        data && (
          <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <ItemsTable items={data.items} selection={selection} onOpen={setOpened} />
            <ItemCards items={data.items} selection={selection} onOpen={setOpened} />
            <div className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
              <p className="text-sm text-muted-foreground">
                Показано {(data.page - 1) * ITEMS_PAGE_SIZE + 1}–{(data.page - 1) * ITEMS_PAGE_SIZE + data.items.length} из {data.total}
              </p>
              <ListPagination page={filters.page} totalPages={data.pages} onPageChange={(page) => onFilters({ page })} />
            </div>
          </div>
        )
      )}

      <PublishDialog key={String(publishOpen)} ids={ids} open={publishOpen} pending={publish.isPending} onClose={() => setPublishOpen(false)} onPublish={runPublish} />
      <ItemDialog id={opened} onClose={() => setOpened(null)} publishing={publish.isPending} onPublish={(id, mode) => runPublish({ ids: [id], mode, categoryId: null })} />
    </section>
  );
}
