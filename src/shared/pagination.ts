export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Page buttons with ellipses: at most `maxButtons` numbered buttons, always the first and last
 * page, a window around the current page.
 */
export function pageItems(current: number, totalPages: number, maxButtons: number): PageItem[] {
  if (totalPages <= maxButtons) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const inner = maxButtons - 2;
  let start = Math.max(2, current - Math.floor(inner / 2));
  let end = start + inner - 1;
  if (end > totalPages - 1) {
    end = totalPages - 1;
    start = end - inner + 1;
  }
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < totalPages - 1) items.push('ellipsis-end');
  items.push(totalPages);
  return items;
}

/** Admin lists: a window of at most `maxButtons` pages around the current one, then the last. */
export function adminPageItems(current: number, totalPages: number, maxButtons: number): PageItem[] {
  if (totalPages <= maxButtons) return Array.from({ length: totalPages }, (_, i) => i + 1);
  let start = Math.max(1, current - Math.floor(maxButtons / 2));
  const end = Math.min(totalPages, start + maxButtons - 1);
  start = Math.max(1, end - maxButtons + 1);
  const items: PageItem[] = [];
  for (let p = start; p <= end; p++) items.push(p);
  if (end < totalPages - 1) items.push('ellipsis-end');
  if (end < totalPages) items.push(totalPages);
  return items;
}

export const totalPagesOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));
