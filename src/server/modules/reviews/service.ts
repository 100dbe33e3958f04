import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { orderItems, orders, products, reviews, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../core/http-errors.ts';
import { enforce, type RateRule, type RequestMeta } from '../rate-limits/service.ts';
import { totalPagesOf } from '#shared/pagination.ts';
import {
  REVIEW_MESSAGES,
  REVIEW_STATUSES,
  REVIEWS_PAGE_SIZE,
  type AdminReview,
  type AdminReviewsResponse,
  type OwnReview,
  type ProductReviewsResponse,
  type Review,
  type ReviewData,
  type ReviewStatus,
  type ReviewSummary,
} from '#shared/schemas/review.ts';

const HOUR = 60 * 60 * 1000;
const PRODUCT_NOT_FOUND = 'Товар не найден';
/** The order status after which the customer has the product in hand (shared/constants ORDER_STATUSES). */
const BOUGHT_STATUS = 'delivered';

/** Per account: a customer who honestly reviews what they bought writes a few a day, not dozens an hour. */
export const REVIEW_LIMIT: RateRule = { limit: 5, windowMs: HOUR, message: REVIEW_MESSAGES.limited };

/**
 * The name shown with a review: the first name of the account's «ФИО». Three words are read as
 * «Фамилия Имя Отчество» (the Russian order), one or two as «Имя [Фамилия]». The surname and
 * login are never shown.
 */
export function authorName(fullName: string | null): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Клиент';
  return words.length >= 3 ? words[1]! : words[0]!;
}

async function activeProduct(db: Db, productId: number) {
  const [row] = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isActive, true)));
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

/** The product's slug for a redirect back to its page; 404 for a product customers cannot see. */
export const productSlugOf = async (db: Db, productId: number) => (await activeProduct(db, productId)).slug;

/** Whether the customer has a delivered order with the product: the «Покупатель» mark. */
async function boughtIt(db: Db, userId: number, productId: number) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, BOUGHT_STATUS), eq(orderItems.productId, productId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Writes a customer's review, waiting for moderation. One per customer and product (the unique
 * index settles a race); the rate limit counts only reviews that would be written.
 */
export async function writeReview(db: Db, userId: number, productId: number, input: ReviewData, meta: RequestMeta) {
  await activeProduct(db, productId);
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  if (existing) throw conflict(REVIEW_MESSAGES.duplicate);
  await enforce(db, `review:user:${userId}`, REVIEW_LIMIT, meta.now, meta.rateLimitFactor);
  const verifiedBuyer = await boughtIt(db, userId, productId);
  const [row] = await db
    .insert(reviews)
    .values({ productId, userId, ...input, verifiedBuyer, createdAt: meta.now, updatedAt: meta.now })
    .onConflictDoNothing()
    .returning({ id: reviews.id });
  if (!row) throw conflict(REVIEW_MESSAGES.duplicate);
  return { id: row.id, status: 'pending' as const, verifiedBuyer, message: REVIEW_MESSAGES.sent };
}

/**
 * The author's own review edited, waiting or rejected: it goes back to moderation (staff see it
 * under «На проверке» again), the rejection's reason and moderation marks gone, «Покупатель»
 * decided again. An approved review stays as published: 409. Edits count against the same hourly
 * limit as new reviews, so a customer cannot flood the queue by resubmitting.
 */
export async function reviseReview(db: Db, userId: number, productId: number, input: ReviewData, meta: RequestMeta) {
  await activeProduct(db, productId);
  const [own] = await db
    .select({ id: reviews.id, status: reviews.status })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  if (!own) throw notFound(REVIEW_MESSAGES.notFound);
  if (own.status === 'approved') throw conflict(REVIEW_MESSAGES.published);
  await enforce(db, `review:user:${userId}`, REVIEW_LIMIT, meta.now, meta.rateLimitFactor);
  const verifiedBuyer = await boughtIt(db, userId, productId);
  // Approved since it was read: it stays as staff published it.
  const [row] = await db
    .update(reviews)
    .set({ ...input, verifiedBuyer, status: 'pending', rejectReason: null, moderatedBy: null, moderatedAt: null, updatedAt: meta.now })
    .where(and(eq(reviews.id, own.id), ne(reviews.status, 'approved')))
    .returning({ id: reviews.id });
  if (!row) throw conflict(REVIEW_MESSAGES.published);
  return { id: row.id, status: 'pending' as const, verifiedBuyer, message: REVIEW_MESSAGES.sent };
}

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  text: reviews.text,
  pros: reviews.pros,
  cons: reviews.cons,
  fullName: users.fullName,
  verifiedBuyer: reviews.verifiedBuyer,
  createdAt: reviews.createdAt,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  status: reviews.status,
  rejectReason: reviews.rejectReason,
  updatedAt: reviews.updatedAt,
};

type ReviewRow = {
  id: number;
  rating: number;
  text: string;
  pros: string;
  cons: string;
  fullName: string | null;
  verifiedBuyer: boolean;
  createdAt: Date;
  reply: string | null;
  repliedAt: Date | null;
  status: string;
  rejectReason: string | null;
  updatedAt: Date;
};

const publicReview = (row: ReviewRow): Review => ({
  id: row.id,
  rating: row.rating,
  text: row.text,
  pros: row.pros,
  cons: row.cons,
  author: authorName(row.fullName),
  verifiedBuyer: row.verifiedBuyer,
  createdAt: row.createdAt.toISOString(),
  reply: row.reply,
  repliedAt: row.repliedAt?.toISOString() ?? null,
});

const ownReview = (row: ReviewRow): OwnReview => ({
  ...publicReview(row),
  status: row.status as ReviewStatus,
  rejectReason: row.rejectReason,
  updatedAt: row.updatedAt.toISOString(),
});

/** The rating from approved reviews: their average, count and each mark's count. */
export async function reviewSummary(db: Db, productId: number): Promise<ReviewSummary> {
  const rows = await db
    .select({ rating: reviews.rating, count: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
    .groupBy(reviews.rating);
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const points = rows.reduce((sum, r) => sum + r.rating * r.count, 0);
  return {
    average: total === 0 ? 0 : Math.round((points / total) * 10) / 10,
    count: total,
    distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: rows.find((r) => r.rating === rating)?.count ?? 0 })),
  };
}

/** A product's approved reviews, newest first, with the rating and the viewer's own review. */
export async function productReviews(db: Db, productId: number, page: number, viewerId: number | null): Promise<ProductReviewsResponse> {
  await activeProduct(db, productId);
  const rating = await reviewSummary(db, productId);
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
  let mine: OwnReview | null = null;
  if (viewerId !== null) {
    const [own] = await db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, viewerId)));
    mine = own ? ownReview(own) : null;
  }
  return { rating, reviews: rows.map(publicReview), page, totalPages: totalPagesOf(rating.count, REVIEWS_PAGE_SIZE), mine };
}

/** The back office's list: one status, newest first, with every status's count for the tabs. */
export async function adminReviews(db: Db, query: { status: ReviewStatus; page: number; limit: number }): Promise<AdminReviewsResponse> {
  const countRows = await db.select({ status: reviews.status, count: count() }).from(reviews).groupBy(reviews.status);
  const counts = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, countRows.find((r) => r.status === s)?.count ?? 0])) as Record<ReviewStatus, number>;
  const rows = await db
    .select({
      ...reviewColumns,
      username: users.username,
      email: users.email,
      moderatedAt: reviews.moderatedAt,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.status, query.status))
    // Pending ones oldest first (the queue's order), the others newest first.
    .orderBy(query.status === 'pending' ? reviews.createdAt : desc(reviews.createdAt), reviews.id)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = counts[query.status];
  return {
    reviews: rows.map(
      (row): AdminReview => ({
        ...ownReview(row),
        product: { id: row.productId, name: row.productName, slug: row.productSlug },
        authorUsername: row.username,
        authorEmail: row.email,
        moderatedAt: row.moderatedAt?.toISOString() ?? null,
      }),
    ),
    page: query.page,
    totalPages: totalPagesOf(total, query.limit),
    total,
    counts,
  };
}

type Moderation = { staffId: number; now: Date };

async function updateReview(db: Db, id: number, set: Partial<typeof reviews.$inferInsert>) {
  const [row] = await db.update(reviews).set(set).where(eq(reviews.id, id)).returning({ id: reviews.id, status: reviews.status });
  if (!row) throw notFound(REVIEW_MESSAGES.notFound);
  return row;
}

/** Published: shown and counted from the next request on (the public answers are not cached). */
export const approveReview = (db: Db, id: number, { staffId, now }: Moderation) =>
  updateReview(db, id, { status: 'approved', rejectReason: null, moderatedBy: staffId, moderatedAt: now, updatedAt: now });

/** Hidden, with the reason the author sees under their own review. */
export const rejectReview = (db: Db, id: number, reason: string, { staffId, now }: Moderation) =>
  updateReview(db, id, { status: 'rejected', rejectReason: reason, moderatedBy: staffId, moderatedAt: now, updatedAt: now });

/** The shop's answer («Ответ магазина»), shown under the review once it is approved. */
export const replyToReview = (db: Db, id: number, text: string, { now }: Moderation) =>
  updateReview(db, id, { reply: text, repliedAt: now, updatedAt: now });

/** The staff log's name of a review: «Перфоратор … — Иван». */
export async function reviewLogName(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ product: products.name, fullName: users.fullName })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, id));
  return row ? `${row.product} — ${authorName(row.fullName)}` : null;
}
