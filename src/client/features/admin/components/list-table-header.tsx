import type { ReactNode } from 'react';
import { TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';

/** A column title, or a title with its class (width, alignment). */
export type ListColumn = ReactNode | { label: ReactNode; className: string };

const isStyled = (column: ListColumn): column is { label: ReactNode; className: string } =>
  typeof column === 'object' && column !== null && 'className' in column && 'label' in column;

/** A back-office list table's header row (no hover colour), one cell per column. */
export function ListTableHeader({ columns }: { columns: ListColumn[] }) {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        {columns.map((column, index) =>
          isStyled(column) ? (
            <TableHead key={index} className={column.className}>
              {column.label}
            </TableHead>
          ) : (
            <TableHead key={index}>{column}</TableHead>
          ),
        )}
      </TableRow>
    </TableHeader>
  );
}
