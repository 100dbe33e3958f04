import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { sessionQuery } from '#client/lib/session.ts';
import { paths } from '#client/paths.ts';
import { formatDate } from '#shared/dates.ts';
import { REVIEW_MESSAGES, type OwnReview, type Review, type ReviewSummary } from '#shared/schemas/review.ts';
import type { Product } from '#shared/types.ts';
import { REVIEWS_PAGE_PARAM } from './api.ts';
import { reviewsCount, useProductReviews } from './product-rating.tsx';
import { RatingStars, formatRating } from '#client/components/product/rating-stars.tsx';
import { ReviewForm } from './review-form.tsx';

/** What the plain form's redirect reports (`?review=`); «sent» shows as the own review's note. */
const FORM_OUTCOMES: Record<string, string> = {
  duplicate: REVIEW_MESSAGES.duplicate,
  published: REVIEW_MESSAGES.published,
  missing: REVIEW_MESSAGES.notFound,
  limited: 'Слишком много отзывов. Попробуйте позже.',
  invalid: 'Отзыв не отправлен: поставьте оценку и напишите текст от 10 до 2000 символов.',
};

function Distribution({ rating }: { rating: ReviewSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-x-8 gap-y-4 rounded-lg bg-muted/50 p-4">
      <div className="text-center">
        <p className="text-4xl font-bold tabular-nums">{formatRating(rating.average)}</p>
        <RatingStars value={rating.average} className="text-lg" />
        <p className="text-sm text-muted-foreground">{reviewsCount(rating.count)}</p>
      </div>
      <ul className="grid min-w-48 flex-1 gap-1 text-sm" aria-label="Распределение оценок">
        {rating.distribution.map(({ rating: mark, count }) => (
          <li key={mark} className="flex items-center gap-2">
            <span className="w-16 shrink-0">{`${mark} ${mark === 1 ? 'звезда' : mark < 5 ? 'звезды' : 'звёзд'}`}</span>
            <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden>
              <span className="block h-full bg-amber-500" style={{ width: `${(count / rating.count) * 100}%` }} />
            </span>
            <span className="w-8 text-right tabular-nums">{count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Note({ title, text }: { title: string; text: string }) {
  return text ? (
    <p>
      <span className="font-semibold">{title}: </span>
      <span className="whitespace-pre-line">{text}</span>
    </p>
  ) : null;
}

/** One review: plain text only (React escapes it; a review is never read as HTML). */
function ReviewItem({ review }: { review: Review }) {
  return (
    <article className="space-y-2 border-b border-border py-4 last:border-b-0" data-testid="review">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RatingStars value={review.rating} />
        <span className="font-semibold">{review.author}</span>
        {review.verifiedBuyer && <Badge variant="secondary">Покупатель</Badge>}
        <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
          {formatDate(review.createdAt)}
        </time>
      </header>
      <p className="leading-relaxed whitespace-pre-line">{review.text}</p>
      <Note title="Достоинства" text={review.pros} />
      <Note title="Недостатки" text={review.cons} />
      {review.reply && (
        <div className="ml-4 rounded-md border-l-4 border-primary bg-accent px-3 py-2" data-testid="review-reply">
          <p className="text-sm font-semibold">Ответ магазина</p>
          <p className="leading-relaxed whitespace-pre-line">{review.reply}</p>
        </div>
      )}
    </article>
  );
}

/**
 * The customer's own review, only they see this: published; waiting, with «Изменить отзыв» (a
 * `<details>`, so it opens before the script loads); or rejected, with staff's reason and the
 * form to correct it and send it again.
 */
function OwnReviewNote({ mine, productId }: { mine: OwnReview; productId: number }) {
  if (mine.status === 'approved') return <p className="text-sm text-muted-foreground">Ваш отзыв опубликован — спасибо!</p>;
  if (mine.status === 'rejected') {
    return (
      <div className="space-y-4">
        <Alert variant="warning" data-testid="own-review">
          <AlertTitle>Ваш отзыв не опубликован</AlertTitle>
          <AlertDescription>
            {mine.rejectReason && <p>Причина: {mine.rejectReason}</p>}
            <p>Исправьте отзыв и отправьте его на проверку снова.</p>
          </AlertDescription>
        </Alert>
        <ReviewForm productId={productId} mine={mine} title="Исправить отзыв" />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <Alert variant="success" data-testid="own-review">
        <AlertTitle>{REVIEW_MESSAGES.sent}</AlertTitle>
        <AlertDescription>
          <p className="line-clamp-3 whitespace-pre-line">«{mine.text}»</p>
        </AlertDescription>
      </Alert>
      {/* A new mount after each save: the editor closes on the version it sent. */}
      <details key={mine.updatedAt}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-primary underline-offset-4 hover:underline">Изменить отзыв</summary>
        <div className="mt-2">
          <ReviewForm productId={productId} mine={mine} />
        </div>
      </details>
    </div>
  );
}

function Pages({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const to = (n: number) => (n > 1 ? `?${REVIEWS_PAGE_PARAM}=${n}#reviews` : '?#reviews');
  return (
    <nav aria-label="Страницы отзывов" className="flex items-center gap-3">
      {page > 1 && (
        <Button asChild variant="outline" size="sm">
          <Link to={to(page - 1)}>Более новые</Link>
        </Button>
      )}
      <span className="text-sm text-muted-foreground">
        Страница {page} из {totalPages}
      </span>
      {page < totalPages && (
        <Button asChild variant="outline" size="sm">
          <Link to={to(page + 1)}>Более ранние</Link>
        </Button>
      )}
    </nav>
  );
}

/** The «Отзывы» section of the product page: rating, the customer's form or note, the approved reviews. */
export function ReviewsSection({ product }: { product: Product }) {
  const { data, isError } = useProductReviews(product.id);
  const { data: user } = useQuery(sessionQuery());
  const [params] = useSearchParams();
  const outcome = FORM_OUTCOMES[params.get('review') ?? ''];
  const back = `${paths.product(product.slug)}#reviews`;

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="max-w-4xl scroll-mt-24 space-y-4 border-t border-border pt-6">
      <h2 id="reviews-heading" className="text-xl font-bold">
        Отзывы
      </h2>
      {outcome && <Alert variant="destructive">{outcome}</Alert>}
      {isError && <p className="text-muted-foreground">Не удалось загрузить отзывы. Обновите страницу.</p>}
      {data && data.rating.count > 0 && <Distribution rating={data.rating} />}
      {data && data.rating.count === 0 && <p className="text-muted-foreground">Отзывов пока нет. Расскажите, как инструмент показал себя в работе.</p>}

      {!user ? (
        <p>
          <Link to={paths.authThen(back)} className="font-medium text-primary underline underline-offset-4">
            Войдите, чтобы оставить отзыв
          </Link>
        </p>
      ) : data?.mine ? (
        <OwnReviewNote mine={data.mine} productId={product.id} />
      ) : (
        data && <ReviewForm productId={product.id} title="Оставить отзыв" />
      )}

      {data && data.reviews.length > 0 && (
        <div>
          {data.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </div>
      )}
      {data && <Pages page={data.page} totalPages={data.totalPages} />}
    </section>
  );
}
