/**
 * What an object of the back office looks like to the staff action log: the fields a person
 * changes, read straight from the database before and after a change. Secrets never appear
 * (a user's password hash becomes a fingerprint that only tells whether it changed); neither do
 * derived columns (search vectors) or bookkeeping timestamps.
 */
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import {
  attributeAliases,
  attributes,
  branches,
  brandAliases,
  categories,
  categoryAttributes,
  categoryRules,
  customerGroups,
  orders,
  productAttributes,
  products,
  productStock,
  scrapedItems,
  settings,
  supplierImports,
  suppliers,
  unitRules,
  users,
} from '../../db/schema.ts';
import { normaliseName } from '#shared/catalog-adapter.ts';
import { kopecksToRub } from '#shared/money.ts';

export type Snapshot = Record<string, unknown>;
export type SnapshotOf = (db: Db, id: string) => Promise<Snapshot | null>;

/** A whole number id from a route or an answer; anything else finds nothing. */
const numeric = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : null);

/** A row by its numeric id, without the id itself (the entry's object) and the named columns. */
function rowById<T extends Snapshot>(load: (db: Db, id: number) => Promise<T | undefined>, omit: (keyof T)[] = []): SnapshotOf {
  return async (db, id) => {
    const n = numeric(id);
    const row = n === null ? undefined : await load(db, n);
    if (!row) return null;
    const copy: Snapshot = { ...row };
    for (const key of ['id', ...omit]) delete copy[key as string];
    return copy;
  };
}

const money = (kopecks: number | null) => (kopecks === null ? null : kopecksToRub(kopecks));

const product: SnapshotOf = async (db, id) => {
  const n = numeric(id);
  if (n === null) return null;
  const [row] = await db.select().from(products).where(eq(products.id, n));
  if (!row) return null;
  const { id: _id, priceKopecks, originalPriceKopecks, searchVector: _sv, skuNorm: _sn, createdAt: _c, updatedAt: _u, salesCount: _s, ...rest } = row;
  const stock = await db
    .select({ city: branches.city, quantity: productStock.quantity })
    .from(productStock)
    .innerJoin(branches, eq(branches.id, productStock.branchId))
    .where(eq(productStock.productId, n))
    .orderBy(asc(branches.sortOrder), asc(branches.id));
  const characteristics = await db
    .select({ name: attributes.name, value: productAttributes.value })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .where(eq(productAttributes.productId, n))
    .orderBy(asc(attributes.sortOrder), asc(attributes.id));
  return {
    ...rest,
    price: money(priceKopecks),
    originalPrice: money(originalPriceKopecks),
    stockByBranch: Object.fromEntries(stock.map((s) => [s.city, s.quantity])),
    characteristics: Object.fromEntries(characteristics.map((c) => [c.name, c.value])),
  };
};

/** An attribute with its suppliers' spellings (a merge shows the other's arriving). */
const attribute: SnapshotOf = async (db, id) => {
  const n = numeric(id);
  if (n === null) return null;
  const [row] = await db
    .select({ name: attributes.name, slug: attributes.slug, unit: attributes.unit, kind: attributes.kind, group: attributes.groupName, sortOrder: attributes.sortOrder })
    .from(attributes)
    .where(eq(attributes.id, n));
  if (!row) return null;
  const aliases = await db.select({ alias: attributeAliases.alias }).from(attributeAliases).where(eq(attributeAliases.attributeId, n)).orderBy(asc(attributeAliases.alias));
  return { ...row, aliases: aliases.map((a) => a.alias) };
};

/** A category's filters, by name in order. */
const categoryFilters: SnapshotOf = async (db, id) => {
  const n = numeric(id);
  if (n === null) return null;
  const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, n));
  if (!category) return null;
  const filters = await db
    .select({ name: attributes.name })
    .from(categoryAttributes)
    .innerJoin(attributes, eq(attributes.id, categoryAttributes.attributeId))
    .where(eq(categoryAttributes.categoryId, n))
    .orderBy(asc(categoryAttributes.position));
  return { name: category.name, filters: filters.map((f) => f.name) };
};

const user: SnapshotOf = async (db, id) => {
  const n = numeric(id);
  if (n === null) return null;
  const [row] = await db
    .select({
      username: users.username,
      email: users.email,
      role: users.role,
      fullName: users.fullName,
      phone: users.phone,
      address: users.address,
      isActive: users.isActive,
      customerGroup: customerGroups.name,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .leftJoin(customerGroups, eq(customerGroups.id, users.customerGroupId))
    .where(eq(users.id, n));
  if (!row) return null;
  const { passwordHash, ...rest } = row;
  return { ...rest, [PASSWORD_FIELD]: passwordFingerprint(passwordHash) };
};

/**
 * Lets the diff tell a changed password from an unchanged one. The fingerprint never reaches the
 * log: the service writes only whether the password changed (`concealPassword` in service.ts).
 */
export const PASSWORD_FIELD = 'password';
const passwordFingerprint = (hash: string) => createHash('sha256').update(hash).digest('hex');

const order: SnapshotOf = async (db, id) => {
  const n = numeric(id);
  if (n === null) return null;
  const [row] = await db.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, n));
  return row ?? null;
};

const settingsValue: SnapshotOf = async (db, key) => {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row ? (row.value as Snapshot) : null;
};

const brandAlias: SnapshotOf = async (db, alias) => {
  const [row] = await db.select({ alias: brandAliases.alias, brand: brandAliases.brand }).from(brandAliases).where(eq(brandAliases.alias, normaliseName(alias)));
  return row ?? null;
};

/** The loader of each kind of object that has before and after. */
export const SNAPSHOTS = {
  product,
  user,
  order,
  settings: settingsValue,
  brandAlias,
  attribute,
  categoryFilters,
  category: rowById(async (db, id) => (await db.select().from(categories).where(eq(categories.id, id)))[0], ['createdAt', 'updatedAt']),
  branch: rowById(async (db, id) => (await db.select().from(branches).where(eq(branches.id, id)))[0], ['createdAt', 'updatedAt']),
  supplier: rowById(async (db, id) => (await db.select().from(suppliers).where(eq(suppliers.id, id)))[0], ['createdAt', 'updatedAt']),
  categoryRule: rowById(async (db, id) => (await db.select().from(categoryRules).where(eq(categoryRules.id, id)))[0], ['createdAt']),
  customerGroup: rowById(async (db, id) => (await db.select().from(customerGroups).where(eq(customerGroups.id, id)))[0], ['createdAt', 'updatedAt']),
  unitRule: rowById(async (db, id) => (await db.select().from(unitRules).where(eq(unitRules.id, id)))[0], ['createdAt']),
  scrapedItem: rowById(
    async (db, id) => (await db.select({ url: scrapedItems.url, status: scrapedItems.status, data: scrapedItems.data }).from(scrapedItems).where(eq(scrapedItems.id, id)))[0],
  ),
} satisfies Record<string, SnapshotOf>;

/** The field of a snapshot that names its object: a name, a login, a brand spelling, a pattern. */
const NAME_FIELDS = ['name', 'username', 'alias', 'pattern'] as const;

export function nameInSnapshot(snapshot: Snapshot | null): string | null {
  for (const field of NAME_FIELDS) {
    const value = snapshot?.[field];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/** A price-list import is named by its supplier. */
export async function importSupplierName(db: Db, id: string): Promise<string | null> {
  const n = numeric(id);
  if (n === null) return null;
  const [row] = await db
    .select({ name: suppliers.name })
    .from(supplierImports)
    .innerJoin(suppliers, eq(suppliers.id, supplierImports.supplierId))
    .where(eq(supplierImports.id, n));
  return row?.name ?? null;
}
