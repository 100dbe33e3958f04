import { z, requiredText } from './z.ts';
import { adminPageFields } from './admin-list-query.ts';
import { labelledValues } from '../labelled-values.ts';

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NOTE_MAX = 1000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_REASON_MAX = 500;
/** Reviews on one page of the product page's list. */
export const REVIEWS_PAGE_SIZE = 10;

export const { values: REVIEW_STATUSES, labels: REVIEW_STATUS_LABELS } = labelledValues({ pending: 'На проверке', approved: 'Опубликованы', rejected: 'Отклонены' });
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_MESSAGES = {
  rating: 'Поставьте оценку',
  sent: 'Спасибо! Отзыв появится после проверки',
  duplicate: 'Вы уже оставили отзыв об этом товаре',
  published: 'Опубликованный отзыв изменить нельзя',
  limited: 'Слишком много отзывов.',
  notFound: 'Отзыв не найден',
} as const;

const RATING_ERROR = { error: REVIEW_MESSAGES.rating };
const note = (label: string) =>
  z
    .string()
    .trim()
    .max(REVIEW_NOTE_MAX, `${label} — не длиннее ${REVIEW_NOTE_MAX} символов`)
    .default('');

/** A customer's review of a product (POST /api/products/:id/reviews). */
export const ReviewSchema = z.object({
  rating: z.number(RATING_ERROR).int(REVIEW_MESSAGES.rating).min(1, REVIEW_MESSAGES.rating).max(5, REVIEW_MESSAGES.rating),
  text: requiredText('Напишите отзыв').pipe(
    z
      .string()
      .min(REVIEW_TEXT_MIN, `Отзыв — не короче ${REVIEW_TEXT_MIN} символов`)
      .max(REVIEW_TEXT_MAX, `Отзыв — не длиннее ${REVIEW_TEXT_MAX} символов`),
  ),
  pros: note('Достоинства'),
  cons: note('Недостатки'),
});
export type ReviewInput = z.input<typeof ReviewSchema>;
export type ReviewData = z.output<typeof ReviewSchema>;

export const ReviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Номер страницы начинается с 1').default(1),
  t: z.string().optional(),
});

export const AdminReviewListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: 'Неизвестный статус отзыва' }).default('pending'),
  ...adminPageFields,
});

export const RejectReviewSchema = z.object({
  reason: requiredText('Укажите причину отклонения').pipe(
    z.string().max(REVIEW_REASON_MAX, `Причина — не длиннее ${REVIEW_REASON_MAX} символов`),
  ),
});
export type RejectReviewInput = z.infer<typeof RejectReviewSchema>;

export const ReviewReplySchema = z.object({
  text: requiredText('Напишите ответ').pipe(z.string().max(REVIEW_REPLY_MAX, `Ответ — не длиннее ${REVIEW_REPLY_MAX} символов`)),
});
export type ReviewReplyInput = z.infer<typeof ReviewReplySchema>;

/** One published review as the product page shows it. */
export type Review = {
  id: number;
  rating: number;
  text: string;
  pros: string;
  cons: string;
  /** The author's first name, or «Клиент» when the account has no name. */
  author: string;
  verifiedBuyer: boolean;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
};

/** The author's own review, whatever its status, and when it was last written or moderated. */
export type OwnReview = Review & { status: ReviewStatus; rejectReason: string | null; updatedAt: string };

/** The rating from approved reviews only: average to one decimal, count, and how many gave 5…1. */
export type ReviewSummary = { average: number; count: number; distribution: Array<{ rating: number; count: number }> };

export type ProductReviewsResponse = {
  rating: ReviewSummary;
  reviews: Review[];
  page: number;
  totalPages: number;
  /** The logged-in customer's own review of the product (any status), else null. */
  mine: OwnReview | null;
};

export type AdminReview = OwnReview & {
  product: { id: number; name: string; slug: string };
  authorUsername: string;
  authorEmail: string | null;
  moderatedAt: string | null;
};

export type AdminReviewsResponse = {
  reviews: AdminReview[];
  page: number;
  totalPages: number;
  total: number;
  counts: Record<ReviewStatus, number>;
};
