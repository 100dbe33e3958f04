import type { ReactNode } from 'react';
import { useListToggle } from '#client/lib/list-changes.ts';
import type { ListKind } from '#shared/product-lists.ts';

/**
 * The heart and «Сравнить»: a plain form that changes the list on the server and comes back to
 * this page (the server reads which from the Referer) before the script loads; with it, the
 * list changes in place.
 */
export function ListToggleForm({ kind, productId, className, children }: { kind: ListKind; productId: number; className?: string; children: (listed: boolean) => ReactNode }) {
  const [listed, toggle] = useListToggle(kind, productId);
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
      {children(listed)}
    </form>
  );
}
