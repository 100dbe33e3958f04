import { useQuery } from '@tanstack/react-query';
import { ChevronRight, History } from 'lucide-react';
import { EmptyPanel } from '#client/features/admin/components/empty-state.tsx';
import { Link } from 'react-router';
import { Table, TableBody, TableCell, TableRow } from '#client/components/ui/table.tsx';
import { ListTableHeader } from '#client/features/admin/components/list-table-header.tsx';
import { adminPaths } from '#client/features/admin/paths.ts';
import { formatDateTime } from '#shared/dates.ts';
import type { ImportCounts, ImportSummary } from '#shared/schemas/supplier-import.ts';
import { ListPagination, useLastPageAtMost } from '#client/features/admin/components/list-pagination.tsx';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { importsQuery } from './api.ts';
import { ImportStatusBadge } from './format.tsx';

const who = (item: ImportSummary) => (item.trigger === 'schedule' ? 'По расписанию' : (item.createdByName ?? '—'));

/** 'новых 3 · изм. 12 · ошибок 1'; nothing before the dry run has counted. */
function countsText(counts: ImportCounts | null) {
  if (!counts) return '—';
  return `новых ${counts.create} · изм. ${counts.update} · ошибок ${counts.error}`;
}

function OpenLink({ item }: { item: ImportSummary }) {
  return (
    <Link
      to={adminPaths.supplierImport(item.id)}
      className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      aria-label={`Импорт №${item.id} от ${formatDateTime(item.createdAt)}`}
    >
      Открыть
      <ChevronRight className="size-4" aria-hidden />
    </Link>
  );
}

/** A supplier's imports, newest first: when, which file, who, how it went; each opens its detail. */
export function ImportHistory({ supplierId, page, onPageChange }: { supplierId: number; page: number; onPageChange: (page: number) => void }) {
  const list = useQuery(importsQuery(supplierId, page));
  const data = list.data;
  useLastPageAtMost(page, data?.totalPages ?? 1, Boolean(data) && !list.isPlaceholderData, onPageChange);

  if (list.isPending) return <ListSkeleton label="Загрузка истории импорта" />;
  if (list.isError && !data) return <LoadError title="Не удалось загрузить историю импорта" error={list.error} onRetry={() => void list.refetch()} />;
  if (!data || data.imports.length === 0) {
    return (
      <EmptyPanel icon={History} title="Импортов ещё не было" text="Загрузите первый прайс-лист на вкладке «Новый импорт»." />
    );
  }

  return (
    <div className={list.isPlaceholderData ? 'grid gap-4 opacity-60 transition-opacity' : 'grid gap-4'}>
      <Table containerClassName="hidden md:block">
        <ListTableHeader columns={['Дата', 'Файл', 'Кто', 'Статус', 'Итог', { label: <span className="sr-only">Подробнее</span>, className: 'text-right' }]} />
        <TableBody>
          {data.imports.map((item) => (
            <TableRow key={item.id} data-testid="history-row">
              <TableCell className="tabular-nums">{formatDateTime(item.createdAt)}</TableCell>
              <TableCell className="max-w-56 truncate" title={item.fileName}>
                {item.fileName}
              </TableCell>
              <TableCell>{who(item)}</TableCell>
              <TableCell>
                <ImportStatusBadge status={item.status} />
              </TableCell>
              <TableCell className="text-muted-foreground tabular-nums">{countsText(item.counts)}</TableCell>
              <TableCell className="text-right">
                <OpenLink item={item} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className="grid gap-2 md:hidden">
        {data.imports.map((item) => (
          <li key={item.id} data-testid="history-card" className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium tabular-nums">{formatDateTime(item.createdAt)}</span>
              <ImportStatusBadge status={item.status} />
            </div>
            <p className="truncate">{item.fileName}</p>
            <p className="text-muted-foreground">
              {who(item)} · {countsText(item.counts)}
            </p>
            <OpenLink item={item} />
          </li>
        ))}
      </ul>
      <ListPagination page={page} totalPages={data.totalPages} onPageChange={onPageChange} />
    </div>
  );
}
