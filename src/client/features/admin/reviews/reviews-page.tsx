import { useQuery } from '@tanstack/react-query';
import { Check, MessageSquareReply, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Tabs, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { FormDialog } from '#client/features/admin/components/form-dialog.tsx';
import { ListPagination } from '#client/features/admin/components/list-pagination.tsx';
import { ListSkeleton } from '#client/features/admin/components/list-skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { RatingStars } from '#client/components/product/rating-stars.tsx';
import { ApiError } from '#client/lib/api.ts';
import { paths } from '#client/paths.ts';
import { formatDateTime } from '#shared/dates.ts';
import {
  REVIEW_STATUSES,
  REVIEW_STATUS_LABELS,
  RejectReviewSchema,
  ReviewReplySchema,
  type AdminReview,
  type ReviewStatus,
} from '#shared/schemas/review.ts';
import { adminReviewsQuery, useModerateReview } from './api.ts';

type Dialog = { kind: 'reject' | 'reply'; review: AdminReview } | null;

const DIALOGS = {
  reject: {
    title: 'Отклонить отзыв',
    description: 'Отзыв не будет опубликован. Причину увидит автор под своим отзывом.',
    label: 'Причина',
    save: 'Отклонить',
    schema: RejectReviewSchema,
    field: 'reason',
    done: 'Отзыв отклонён',
  },
  reply: {
    title: 'Ответ магазина',
    description: 'Ответ показывается под опубликованным отзывом как «Ответ магазина».',
    label: 'Ответ',
    save: 'Сохранить ответ',
    schema: ReviewReplySchema,
    field: 'text',
    done: 'Ответ сохранён',
  },
} as const;

/** The reason or the reply: one text field, checked by the same schema as the API. */
function TextDialog({ dialog, onClose }: { dialog: NonNullable<Dialog>; onClose: () => void }) {
  const spec = DIALOGS[dialog.kind];
  const [value, setValue] = useState(dialog.kind === 'reply' ? (dialog.review.reply ?? '') : '');
  const [error, setError] = useState<string | undefined>();
  const moderate = useModerateReview({
    onSuccess: () => {
      toast({ title: spec.done, variant: 'success' });
      onClose();
    },
    onError: (failure) => setError((failure instanceof ApiError && failure.errors?.[spec.field]?.[0]) || failure.message),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = spec.schema.safeParse({ [spec.field]: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    const id = dialog.review.id;
    moderate.mutate(dialog.kind === 'reject' ? { id, action: 'reject', reason: value } : { id, action: 'reply', text: value });
  };
  return (
    <FormDialog title={spec.title} description={spec.description} saving={moderate.isPending} saveLabel={spec.save} onSubmit={onSubmit} onClose={onClose}>
      <FormField label={spec.label} htmlFor="review-dialog-text" required error={error}>
        <Textarea rows={5} value={value} onChange={(e) => setValue(e.target.value)} {...fieldControlProps('review-dialog-text', { error, required: true })} />
      </FormField>
    </FormDialog>
  );
}

function Texts({ review }: { review: AdminReview }) {
  return (
    <div className="space-y-1 text-sm">
      <p className="whitespace-pre-line">{review.text}</p>
      {review.pros && (
        <p>
          <span className="font-semibold">Достоинства: </span>
          <span className="whitespace-pre-line">{review.pros}</span>
        </p>
      )}
      {review.cons && (
        <p>
          <span className="font-semibold">Недостатки: </span>
          <span className="whitespace-pre-line">{review.cons}</span>
        </p>
      )}
      {review.rejectReason && review.status === 'rejected' && <p className="text-destructive">Причина отклонения: {review.rejectReason}</p>}
      {review.reply && (
        <p className="rounded-md bg-accent px-3 py-2">
          <span className="font-semibold">Ответ магазина: </span>
          <span className="whitespace-pre-line">{review.reply}</span>
        </p>
      )}
    </div>
  );
}

function ReviewCard({ review, onDialog }: { review: AdminReview; onDialog: (dialog: Dialog) => void }) {
  const moderate = useModerateReview({
    onSuccess: () => toast({ title: 'Отзыв опубликован', variant: 'success' }),
    onError: (error) => toast({ title: 'Не удалось опубликовать отзыв', description: error.message, variant: 'destructive' }),
  });
  return (
    <article className="space-y-3 rounded-lg border border-border p-4" aria-label={`Отзыв: ${review.product.name}`} data-testid="admin-review">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <a href={paths.product(review.product.slug)} target="_blank" rel="noreferrer" className="font-semibold text-primary hover:underline">
          {review.product.name}
        </a>
      </header>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <RatingStars value={review.rating} />
        <span>
          {review.author} <span className="text-muted-foreground">({review.authorEmail ?? review.authorUsername})</span>
        </span>
        {review.verifiedBuyer && <Badge variant="secondary">Покупатель</Badge>}
        <span className="text-muted-foreground">{formatDateTime(review.createdAt)}</span>
      </div>
      <Texts review={review} />
      <div className="flex flex-wrap gap-2">
        {review.status !== 'approved' && (
          <Button size="sm" disabled={moderate.isPending} onClick={() => moderate.mutate({ id: review.id, action: 'approve' })}>
            <Check aria-hidden />
            Опубликовать
          </Button>
        )}
        {review.status !== 'rejected' && (
          <Button size="sm" variant="outline" onClick={() => onDialog({ kind: 'reject', review })}>
            <X aria-hidden />
            Отклонить
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => onDialog({ kind: 'reply', review })}>
          <MessageSquareReply aria-hidden />
          {review.reply ? 'Изменить ответ' : 'Ответить'}
        </Button>
      </div>
    </article>
  );
}

const EMPTY: Record<ReviewStatus, string> = {
  pending: 'Новых отзывов нет: все проверены.',
  approved: 'Опубликованных отзывов пока нет.',
  rejected: 'Отклонённых отзывов нет.',
};

const statusOf = (value: string | null): ReviewStatus => (REVIEW_STATUSES as readonly string[]).includes(value ?? '') ? (value as ReviewStatus) : 'pending';

/** «Отзывы»: the moderation queue first, then the published and the rejected ones. */
export default function ReviewsPage() {
  useAdminTitle('Отзывы');
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, error, refetch } = useQuery(adminReviewsQuery(status, page));
  const [dialog, setDialog] = useState<Dialog>(null);
  const go = (next: { status?: ReviewStatus; page?: number }) => {
    const s = next.status ?? status;
    const p = next.page ?? 1;
    setParams({ ...(s !== 'pending' ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) }, { replace: true });
  };

  return (
    <div>
      <PageHeader title="Отзывы" description="Покупатели видят только опубликованные отзывы; рейтинг товара — их средняя оценка." />
      <Tabs value={status} onValueChange={(value) => go({ status: value as ReviewStatus })}>
        <TabsList aria-label="Отзывы по статусу" className="flex-wrap justify-start">
          {REVIEW_STATUSES.map((s) => (
            <TabsTrigger key={s} value={s}>
              {REVIEW_STATUS_LABELS[s]}
              {data && <span className="ml-1 tabular-nums">({data.counts[s]})</span>}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <div className="mt-4 space-y-3">
        {isPending && <ListSkeleton label="Загрузка отзывов" />}
        {isError && <LoadError title="Не удалось загрузить отзывы" error={error} onRetry={() => void refetch()} />}
        {data && data.reviews.length === 0 && <p className="py-8 text-center text-muted-foreground">{EMPTY[status]}</p>}
        {data?.reviews.map((review) => <ReviewCard key={review.id} review={review} onDialog={setDialog} />)}
        {data && data.totalPages > 1 && <ListPagination page={page} totalPages={data.totalPages} onPageChange={(p) => go({ page: p })} />}
      </div>
      {dialog && <TextDialog key={`${dialog.kind}-${dialog.review.id}`} dialog={dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}
