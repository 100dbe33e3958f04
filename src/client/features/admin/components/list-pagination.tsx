import { useEffect } from 'react';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { ADMIN_MAX_PAGE_BUTTONS } from '#shared/constants.ts';
import { adminPageItems } from '#shared/pagination.ts';

/** An admin list's page buttons (at most ADMIN_MAX_PAGE_BUTTONS of them). */
export function ListPagination({
  page,
  totalPages,
  onPageChange,
  className,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  return (
    <Pagination
      className={className}
      items={adminPageItems(page, totalPages, ADMIN_MAX_PAGE_BUTTONS)}
      current={page}
      totalPages={totalPages}
      onPageChange={onPageChange}
    />
  );
}

/**
 * A page past the end (an old link, or rows gone after a deletion or a narrower filter) goes to
 * the last one, once the list's real size is `known` (not while a previous page stands in).
 */
export function useLastPageAtMost(page: number, totalPages: number, known: boolean, onPageChange: (page: number) => void) {
  const last = Math.max(1, totalPages);
  useEffect(() => {
    if (known && page > last) onPageChange(last);
  }, [known, page, last, onPageChange]);
}
