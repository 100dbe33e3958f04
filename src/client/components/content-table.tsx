import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

/**
 * A table inside a text (articles, the footer pages): a focusable region named by its caption that
 * scrolls sideways on a phone; the first cell of each row is the row's header. The caption is
 * shown as the table's title band, or only to screen readers when a heading above already says it
 * (then the head row carries the band).
 */
export function ContentTable({
  caption,
  head,
  rows,
  captionHidden = false,
  className,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  captionHidden?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('overflow-x-auto rounded-lg border', className)} role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className={captionHidden ? 'sr-only' : 'border-b bg-muted px-4 py-2 text-left font-semibold'}>{caption}</caption>
        <thead className={captionHidden ? 'bg-muted' : undefined}>
          <tr className="border-b">
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-4 py-2.5 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-b last:border-b-0 even:bg-muted/50">
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row" className="px-4 py-2.5 align-top font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={c} className="px-4 py-2.5 align-top">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
