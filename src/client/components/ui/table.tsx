import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';
import { styled } from './styled.tsx';

/** A table inside a horizontally scrolling wrapper, so wide tables never break a phone layout. */
export function Table({
  className,
  containerClassName,
  ...props
}: ComponentProps<'table'> & { containerClassName?: string }) {
  return (
    <div
      data-slot="table-container"
      className={cn('relative w-full overflow-x-auto rounded-lg border bg-card', containerClassName)}
    >
      <table
        data-slot="table"
        className={cn('w-full caption-bottom border-collapse text-sm', className)}
        {...props}
      />
    </div>
  );
}

export const TableHeader = styled('thead', 'table-header', 'bg-muted/60 [&_tr]:border-b');

export const TableBody = styled('tbody', 'table-body', '[&_tr:last-child]:border-0');

export const TableFooter = styled('tfoot', 'table-footer', 'border-t bg-muted/60 font-medium [&>tr]:last:border-b-0');

export const TableRow = styled(
  'tr',
  'table-row',
  'border-b transition-colors hover:bg-muted/40 data-[state=selected]:bg-accent',
);

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        'h-11 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  );
}

export const TableCell = styled('td', 'table-cell', 'px-3 py-3 align-middle whitespace-nowrap');

export const TableCaption = styled('caption', 'table-caption', 'mt-3 pb-3 text-sm text-muted-foreground');
