import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { adminPaths } from '#client/features/admin/paths.ts';
import { ITEM_STATUS_LABELS, type ItemDetail, type PublishMode } from '#shared/schemas/mass-scraper.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { itemQuery } from './api.ts';
import { DraftForm } from './draft-form.tsx';
import { ITEM_STATUS_VARIANTS } from './labels.ts';

/** A page's result that is not waiting for review: what happened, and the product if there is one. */
function Outcome({ item }: { item: ItemDetail }) {
  return (
    <div className="grid gap-3">
      {item.message && (
        <Alert variant={item.status === 'failed' ? 'destructive' : 'default'}>
          <AlertDescription>{item.message}</AlertDescription>
        </Alert>
      )}
      {item.productId && (
        <p className="text-sm">
          {item.status === 'published' ? 'Товар в каталоге: ' : 'Товар магазина с тем же артикулом: '}
          <Link to={adminPaths.productEdit(item.productId)} className="font-medium text-primary underline-offset-4 hover:underline">
            открыть товар
          </Link>
        </p>
      )}
      {item.page && item.draft.name && (
        <dl className="grid gap-1 text-sm">
          <div>
            <dt className="inline text-muted-foreground">Название: </dt>
            <dd className="inline">{item.draft.name}</dd>
          </div>
          {item.draft.sku && (
            <div>
              <dt className="inline text-muted-foreground">Артикул: </dt>
              <dd className="inline">{item.draft.sku}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}

/** One page's result opened from the review list: check and edit the card, then publish it. */
export function ItemDialog({
  id,
  onClose,
  onPublish,
  publishing,
}: {
  id: number | null;
  onClose: () => void;
  onPublish: (id: number, mode: PublishMode) => void;
  publishing: boolean;
}) {
  const query = useQuery({ ...itemQuery(id ?? 0), enabled: id !== null });
  const item = query.data;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{item ? item.name || 'Страница без названия товара' : 'Карточка товара'}</DialogTitle>
          {item && (
            <DialogDescription asChild>
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={ITEM_STATUS_VARIANTS[item.status]}>{ITEM_STATUS_LABELS[item.status]}</Badge>
                <a href={item.url} target="_blank" rel="noreferrer noopener" className="inline-flex min-w-0 items-center gap-1 break-all text-primary hover:underline">
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden />
                  {item.url}
                </a>
              </div>
            </DialogDescription>
          )}
        </DialogHeader>
        {query.isPending && id !== null ? (
          <div aria-busy="true" aria-label="Загрузка карточки" className="grid gap-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-40" />
          </div>
        ) : query.isError ? (
          <LoadError title="Не удалось загрузить карточку" error={query.error} onRetry={() => void query.refetch()} />
        ) : item && item.status === 'extracted' ? (
          <>
            {item.message && (
              <Alert>
                <AlertDescription>{item.message}</AlertDescription>
              </Alert>
            )}
            <DraftForm key={item.id} item={item} publishing={publishing} onPublish={(mode) => onPublish(item.id, mode)} />
          </>
        ) : (
          item && <Outcome item={item} />
        )}
      </DialogContent>
    </Dialog>
  );
}
