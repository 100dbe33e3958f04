import { idParams, z } from '#shared/schemas/z.ts';
import {
  AdminReviewListQuerySchema,
  RejectReviewSchema,
  ReviewListQuerySchema,
  ReviewReplySchema,
  ReviewSchema,
} from '#shared/schemas/review.ts';
import type { App } from '../../core/app-types.ts';
import { plainFormRoutes } from '../../core/plain-form.ts';
import { HttpError } from '../../core/http-errors.ts';
import { requestMeta } from '../rate-limits/service.ts';
import { adminReviews, approveReview, productReviews, productSlugOf, rejectReview, replyToReview, reviseReview, writeReview } from './service.ts';

const ProductParams = idParams('Некорректный номер товара');
const ReviewParams = idParams('Некорректный номер отзыва');
const TAGS = ['Отзывы'];
const ADMIN_TAGS = ['Отзывы (сотрудники)'];

/** What the plain form's redirect tells the product page (`?review=`), by the API's status: writing, then editing. */
const FORM_OUTCOMES: Record<'write' | 'edit', Partial<Record<number, string>>> = {
  write: { 409: 'duplicate', 429: 'limited' },
  edit: { 404: 'missing', 409: 'published', 429: 'limited' },
};

/** The product page's reviews section, with the anchor the redirects return to. */
const reviewsSection = (slug: string, outcome?: string) => `/product/${slug}${outcome ? `?review=${outcome}` : ''}#reviews`;

export default async function reviewRoutes(app: App) {
  const { db } = app.deps;
  const moderation = (request: { user: { id: number } | null }) => ({ staffId: request.user!.id, now: app.deps.clock() });

  // Not cached: a moderation decision must show on the next request, and a logged-in viewer's own
  // review is in the answer. One indexed read per product page.
  app.get(
    '/products/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Опубликованные отзывы о товаре (новые сначала), рейтинг и свой отзыв вошедшего покупателя',
        params: ProductParams,
        querystring: ReviewListQuerySchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return productReviews(db, request.params.id, request.query.page, request.user?.id ?? null);
    },
  );

  app.post(
    '/products/:id/reviews',
    {
      config: { access: 'user' },
      schema: { tags: TAGS, summary: 'Написать отзыв о товаре (появится после проверки)', params: ProductParams, body: ReviewSchema },
    },
    async (request, reply) => {
      const result = await writeReview(db, request.user!.id, request.params.id, request.body, requestMeta(app, request));
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/products/:id/reviews/mine',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: 'Исправить свой отзыв, ожидающий проверки или отклонённый: он снова уходит на проверку (опубликованный изменить нельзя)',
        params: ProductParams,
        body: ReviewSchema,
      },
    },
    async (request) => reviseReview(db, request.user!.id, request.params.id, request.body, requestMeta(app, request)),
  );

  // The product page's form before its script loads: a plain POST, answered by a redirect back to
  // the reviews with the outcome. The browser checks the fields' bounds itself (required,
  // minlength, maxlength), so a refusal here is rare; the same services write or edit the review.
  plainFormRoutes(app, (form) =>
    form.post(
      '/products/:id/reviews/form',
      {
        config: { access: 'public' },
        schema: {
          tags: TAGS,
          summary: 'Отзыв из формы без скрипта (action=edit — исправить свой): перенаправляет обратно к отзывам товара (или ко входу)',
          params: ProductParams,
          body: z.record(z.string(), z.string()),
        },
      },
      async (request, reply) => {
        const slug = await productSlugOf(db, request.params.id);
        if (!request.user) return reply.redirect(`/auth?next=${encodeURIComponent(reviewsSection(slug))}`, 303);
        const { rating, action, ...texts } = request.body;
        const parsed = ReviewSchema.safeParse({ ...texts, rating: rating ? Number(rating) : undefined });
        if (!parsed.success) return reply.redirect(reviewsSection(slug, 'invalid'), 303);
        const mode = action === 'edit' ? 'edit' : 'write';
        try {
          const save = mode === 'edit' ? reviseReview : writeReview;
          await save(db, request.user.id, request.params.id, parsed.data, requestMeta(app, request));
        } catch (error) {
          const outcome = error instanceof HttpError ? FORM_OUTCOMES[mode][error.statusCode] : undefined;
          if (!outcome) throw error;
          return reply.redirect(reviewsSection(slug, outcome), 303);
        }
        return reply.redirect(reviewsSection(slug, 'sent'), 303);
      },
    ),
  );

  app.get(
    '/admin/reviews',
    {
      config: { access: 'staff' },
      schema: { tags: ADMIN_TAGS, summary: 'Отзывы одного статуса (ожидающие — первыми по времени) и счётчики по статусам', querystring: AdminReviewListQuerySchema },
    },
    async (request) => adminReviews(db, request.query),
  );
  app.post(
    '/admin/reviews/:id/approve',
    { config: { access: 'staff', staffLog: 'review.approve' }, schema: { tags: ADMIN_TAGS, summary: 'Опубликовать отзыв', params: ReviewParams } },
    async (request) => approveReview(db, request.params.id, moderation(request)),
  );
  app.post(
    '/admin/reviews/:id/reject',
    {
      config: { access: 'staff', staffLog: 'review.reject' },
      schema: { tags: ADMIN_TAGS, summary: 'Отклонить отзыв с причиной (её видит автор)', params: ReviewParams, body: RejectReviewSchema },
    },
    async (request) => rejectReview(db, request.params.id, request.body.reason, moderation(request)),
  );
  app.put(
    '/admin/reviews/:id/reply',
    {
      config: { access: 'staff', staffLog: 'review.reply' },
      schema: { tags: ADMIN_TAGS, summary: 'Ответ магазина под отзывом', params: ReviewParams, body: ReviewReplySchema },
    },
    async (request) => replyToReview(db, request.params.id, request.body.text, moderation(request)),
  );
}
