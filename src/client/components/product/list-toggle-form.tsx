import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useListToggle } from '#client/lib/lists.ts';
import type { ListKind } from '#shared/schemas/product-lists.ts';

/**
 * The heart and «Сравнить»: a plain form that changes the list on the server and comes back to
 * this page before the script loads; with it, the list changes in place.
 */
export function ListToggleForm({ kind, productId, className, children }: { kind: ListKind; productId: number; className?: string; children: (listed: boolean) => ReactNode }) {
  const [listed, toggle] = useListToggle(kind, productId);
  const { pathname, search } = useLocation();
  return (
    <form
      method="post"
      action={`/api/lists/${kind}/form`}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        toggle();
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="action" value={listed ? 'remove' : 'add'} />
      <input type="hidden" name="back" value={pathname + search} />
      {children(listed)}
    </form>
  );
}
