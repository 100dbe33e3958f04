import { useQuery } from '@tanstack/react-query';
import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { ListPagination, useLastPageAtMost } from '#client/features/admin/components/list-pagination.tsx';
import { cn } from '#client/lib/utils.ts';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { formatDateTime } from '#shared/dates.ts';
import { totalPagesOf } from '#shared/pagination.ts';
import { pluralRu } from '#shared/plural.ts';
import { EXCHANGE_1C_COUNT_LABELS, type Exchange1cLogItem, type Exchange1cStatus, type Exchange1cType } from '#shared/schemas/exchange-1c.ts';
import { exchange1cLogQuery } from './api.ts';
import { ListCard } from '#client/features/admin/components/list-card.tsx';

const TYPE_LABELS: Record<Exchange1cType, string> = { catalog: 'Каталог', sale: 'Заказы' };

/** The protocol's modes as the step they are. */
const MODE_LABELS: Record<string, string> = {
  checkauth: 'Вход',
  init: 'Начало обмена',
  file: 'Приём файла',
  import: 'Загрузка',
  query: 'Выгрузка заказов',
  success: 'Подтверждение',
};

const STATUS_BADGES: Record<Exchange1cStatus, { label: string; variant: 'secondary' | 'success' | 'destructive' }> = {
  progress: { label: 'Выполняется', variant: 'secondary' },
  success: { label: 'Успешно', variant: 'success' },
  failure: { label: 'Ошибка', variant: 'destructive' },
};

function countsText(counts: Record<string, number>): string {
  const parts = Object.entries(counts).map(([key, n]) => `${EXCHANGE_1C_COUNT_LABELS[key] ?? key}: ${n}`);
  return parts.length ? parts.join(' · ') : '—';
}

function StatusBadge({ status }: { status: Exchange1cStatus }) {
  const badge = STATUS_BADGES[status];
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

function Errors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return <span className="text-muted-foreground">Нет</span>;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-destructive">
        {errors.length} {pluralRu(errors.length, 'ошибка', 'ошибки', 'ошибок')}
      </summary>
      <ul className="mt-1 grid list-disc gap-1 pl-5">
        {errors.map((error, i) => (
          <li key={i} className="break-words">
            {error}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Cells whose text may be long wrap, and every cell of a row starts at its top. */
const WRAP = 'align-top whitespace-normal';

const filesText = (files: string[]) => (files.length ? files.join(', ') : '—');

function LogTable({ items }: { items: Exchange1cLogItem[] }) {
  return (
    <Table containerClassName="hidden border-t md:block">
      <ListTableHeader columns={['Время', 'Обмен', 'Файлы', 'Итоги', 'Ошибки', 'Статус']} />
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} data-testid="exchange-log-row">
            <TableCell className="align-top tabular-nums">{formatDateTime(item.startedAt)}</TableCell>
            <TableCell className="align-top">
              <span className="font-medium">{TYPE_LABELS[item.type]}</span>
              <span className="block text-muted-foreground">{MODE_LABELS[item.mode] ?? item.mode}</span>
            </TableCell>
            <TableCell className={cn(WRAP, 'min-w-40 max-w-48 font-mono text-xs [overflow-wrap:anywhere]')}>{filesText(item.files)}</TableCell>
            <TableCell className={cn(WRAP, 'max-w-52')}>{countsText(item.counts)}</TableCell>
            <TableCell className={cn(WRAP, 'min-w-56')}>
              <Errors errors={item.errors} />
            </TableCell>
            <TableCell className="align-top">
              <StatusBadge status={item.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function LogCards({ items }: { items: Exchange1cLogItem[] }) {
  return (
    <ul className="grid md:hidden">
      {items.map((item) => (
        <li key={item.id} data-testid="exchange-log-card" className="grid gap-1.5 border-t p-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-medium">
                {TYPE_LABELS[item.type]} · {MODE_LABELS[item.mode] ?? item.mode}
              </p>
              <p className="text-muted-foreground tabular-nums">{formatDateTime(item.startedAt)}</p>
            </div>
            <StatusBadge status={item.status} />
          </div>
          {item.files.length > 0 && <p className="font-mono text-xs break-all text-muted-foreground">{filesText(item.files)}</p>}
          {Object.keys(item.counts).length > 0 && <p>{countsText(item.counts)}</p>}
          {item.errors.length > 0 && <Errors errors={item.errors} />}
        </li>
      ))}
    </ul>
  );
}

/** «Журнал обмена»: the recent steps of exchanges with 1C, newest first, a page at a time. */
export function Exchange1cLog() {
  const [page, setPage] = useState(1);
  const log = useQuery(exchange1cLogQuery(page));
  const total = log.data?.total ?? 0;
  const totalPages = totalPagesOf(total, ADMIN_PAGE_SIZE);
  const items = log.data?.items ?? [];
  useLastPageAtMost(page, totalPages, Boolean(log.data) && !log.isPlaceholderData, setPage);

  return (
    <>
      <ListCard
        title="Журнал обмена"
        description="Каждый шаг обмена с 1С: что пришло и ушло, сколько записей изменено и какие были ошибки."
        query={log}
        labels={{ refreshing: 'Обновление журнала обмена', loading: 'Загрузка журнала обмена', failure: 'Не удалось загрузить журнал обмена' }}
        empty={
          items.length === 0
            ? { icon: ArrowLeftRight, title: 'Обменов пока не было', text: 'Здесь появится каждый обмен с 1С: выгрузка каталога и остатков, выгрузка и изменение заказов.' }
            : null
        }
      >
        <LogTable items={items} />
        <LogCards items={items} />
      </ListCard>
      {totalPages > 1 && <ListPagination page={page} totalPages={totalPages} onPageChange={setPage} />}
    </>
  );
}
