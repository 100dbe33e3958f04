/**
 * How each kind of the staff action log finds its object and what it keeps. A kind with a
 * snapshot keeps the object's changed fields before and after (the whole object when it is
 * created or deleted); the others keep what the request asked for or what it answered.
 */
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { products } from '../../db/schema.ts';
import type { StaffActionKind } from '#shared/staff-actions.ts';
import { importSupplierName, type SNAPSHOTS } from './snapshots.ts';
import { reviewLogName } from '../reviews/service.ts';

type Answer = Record<string, unknown> | undefined;

export type KindSpec = {
  /** The object's loader, read before the handler and again after it. */
  snapshot?: keyof typeof SNAPSHOTS;
  /** The object's id before the handler runs; by default the route's :id, :alias or :name. */
  idBefore?: (request: FastifyRequest, db: Db) => Promise<string | null> | string | null;
  /** The object's id after; by default the answer's id or alias, else the id before. */
  idAfter?: (answer: Answer) => string | null;
  /** What an entry without a snapshot keeps: the request's body (default) or the answer. */
  details?: 'body' | 'answer' | 'none';
  /** The object's name for a kind without a snapshot to take it from. */
  nameOf?: (db: Db, objectId: string) => Promise<string | null>;
};

const fixed = (key: string) => () => key;
const idOf = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : null);

const productBySku = async (request: FastifyRequest, db: Db) => {
  const sku = (request.body as { sku?: string } | undefined)?.sku;
  if (!sku) return null;
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  return row ? String(row.id) : null;
};

export const KIND_SPECS: Record<StaffActionKind, KindSpec> = {
  'product.create': { snapshot: 'product' },
  'product.update': { snapshot: 'product' },
  'product.import': { snapshot: 'product', idBefore: productBySku, idAfter: (answer) => idOf((answer?.product as Answer)?.id) },
  'product.delete': { snapshot: 'product' },
  'product.delete-all': { details: 'answer' },
  'upload.create': { details: 'answer' },
  // The reason and the reply are the request's body; approving has nothing more to keep.
  'review.approve': { details: 'none', nameOf: (db, id) => reviewLogName(db, Number(id)) },
  'review.reject': { nameOf: (db, id) => reviewLogName(db, Number(id)) },
  'review.reply': { nameOf: (db, id) => reviewLogName(db, Number(id)) },
  'category.create': { snapshot: 'category' },
  'category.update': { snapshot: 'category' },
  'category.delete': { snapshot: 'category' },
  'category.filters': { snapshot: 'categoryFilters' },
  'attribute.create': { snapshot: 'attribute' },
  'attribute.update': { snapshot: 'attribute' },
  'attribute.delete': { snapshot: 'attribute' },
  // The attribute kept: its spellings before and after say what came from the other one.
  'attribute.merge': { snapshot: 'attribute' },
  'order.status': { snapshot: 'order' },
  // The lines and delivery price asked for; the order's history says what each became.
  'order.edit': {},
  'order.comment': {},
  'order.payment-link': { details: 'none' },
  // The amount and reason asked for; the refund itself is in the order's payment.
  'order.refund': {},
  // The outcome is the order's СДЭК registration, shown on the order.
  'order.cdek-register': { details: 'none' },
  'user.create': { snapshot: 'user' },
  'user.update': { snapshot: 'user' },
  'user.status': { snapshot: 'user' },
  'user.customer-group': { snapshot: 'user' },
  'customer-group.create': { snapshot: 'customerGroup' },
  'customer-group.update': { snapshot: 'customerGroup' },
  'customer-group.delete': { snapshot: 'customerGroup' },
  'settings.shop': { snapshot: 'settings', idBefore: fixed('shop') },
  'settings.seo': { snapshot: 'settings', idBefore: fixed('seo') },
  'settings.payment': { snapshot: 'settings', idBefore: fixed('payment'), idAfter: fixed('payment') },
  'settings.requisites': { snapshot: 'settings', idBefore: fixed('requisites'), idAfter: fixed('requisites') },
  'settings.backup': { snapshot: 'settings', idBefore: fixed('backup') },
  'settings.exchange-1c': { snapshot: 'settings', idBefore: fixed('exchange-1c') },
  'branch.create': { snapshot: 'branch' },
  'branch.update': { snapshot: 'branch' },
  'branch.delete': { snapshot: 'branch' },
  'branch.transfers': { idBefore: fixed('transfers'), nameOf: async () => 'Сроки перемещений' },
  'backup.create': { details: 'none', idAfter: (answer) => idOf(answer?.name) },
  'backup.download': { details: 'none' },
  'supplier.create': { snapshot: 'supplier' },
  'supplier.update': { snapshot: 'supplier' },
  'import.upload': { nameOf: importSupplierName },
  'import.check': { nameOf: importSupplierName },
  'import.apply': { nameOf: importSupplierName },
  'import.rollback': { details: 'none', nameOf: importSupplierName },
  'web-scraper.extract': {},
  'mass-scraper.start': {},
  'mass-scraper.draft': { snapshot: 'scrapedItem' },
  'mass-scraper.publish': {},
  'mass-scraper.discard': {},
  'adapter.rule.create': { snapshot: 'categoryRule' },
  'adapter.rule.update': { snapshot: 'categoryRule' },
  'adapter.rule.delete': { snapshot: 'categoryRule' },
  'adapter.reapply': { details: 'answer' },
  'adapter.alias.create': { snapshot: 'brandAlias' },
  'adapter.alias.update': { snapshot: 'brandAlias' },
  'adapter.alias.delete': { snapshot: 'brandAlias' },
  'adapter.unit.create': { snapshot: 'unitRule' },
  'adapter.unit.update': { snapshot: 'unitRule' },
  'adapter.unit.delete': { snapshot: 'unitRule' },
  'job.stop': { details: 'none' },
  'job.pause': { details: 'none' },
  'job.resume': { details: 'none' },
};

/** The route's own id: `:id`, a brand alias or a backup's file name. */
export function routeIdOf(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  return idOf(params?.id) ?? idOf(params?.alias) ?? idOf(params?.name);
}

export const answerIdOf = (answer: Answer) => idOf(answer?.id) ?? idOf(answer?.alias);
