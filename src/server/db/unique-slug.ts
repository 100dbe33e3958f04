import { and, eq, inArray, like, ne, or, type SQL } from 'drizzle-orm';
import { HttpError } from '../core/http-errors.ts';
import { retry } from '../core/retry.ts';
import type { DbOrTx } from './connection.ts';
import { products, type attributes, type categories } from './schema.ts';
import { isIdLike, slugify } from '#shared/slug.ts';

const SLUG_MAX = 100;

/** The tables whose rows are named by a slug. */
type SluggedTable = typeof products | typeof categories | typeof attributes;

/** The slug part of a text: transliterated, at most 100 characters, cut at a hyphen. */
export function slugBase(text: string, fallback: string): string {
  let base = slugify(text);
  if (base.length > SLUG_MAX) base = base.slice(0, SLUG_MAX).replace(/-[^-]*$/, '') || base.slice(0, SLUG_MAX);
  return base.replace(/-+$/, '') || fallback;
}

/**
 * A free slug for a product, category or attribute: `wanted` transliterated, or with -2, -3... when another
 * row has it. A slug is never all digits (digits-only paths mean ids): such a base always gets a
 * suffix. `excludeId` is the row being edited, whose own slug does not count as taken.
 */
export async function uniqueSlug(
  db: DbOrTx,
  table: SluggedTable,
  wanted: string,
  fallback: string,
  excludeId?: number,
): Promise<string> {
  const base = slugBase(wanted, fallback);
  return pickSlug(base, await takenLike(db, table, base, excludeId));
}

/** The slugs in use that are `base` or `base-…`. */
async function takenLike(db: DbOrTx, table: SluggedTable, base: string, excludeId?: number): Promise<Set<string>> {
  const conditions: SQL[] = [or(eq(table.slug, base), like(table.slug, `${base}-%`))!];
  if (excludeId !== undefined) conditions.push(ne(table.id, excludeId));
  const rows = await db.select({ slug: table.slug }).from(table).where(and(...conditions));
  return new Set(rows.map((row) => row.slug));
}

/** `base` when free (and not all digits), otherwise the first free `base-2`, `base-3`… */
function pickSlug(base: string, taken: ReadonlySet<string>): string {
  if (!isIdLike(base) && !taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export const SLUG_TAKEN = 'Такой slug уже используется';

/**
 * Free slugs for a batch of new products (a supplier import writes hundreds at once): each name's
 * slug, or when that is taken (or given to an earlier item of the batch) the name's slug with the
 * SKU; one indexed query for the whole batch, and the -2, -3… of uniqueSlug for the rare item whose
 * both choices are taken.
 */
export async function uniqueSlugs(db: DbOrTx, items: { name: string; sku: string }[], fallback: string): Promise<string[]> {
  const choices = items.map(({ name, sku }) => {
    const base = slugBase(name, fallback);
    return [base, slugBase(`${base}-${sku}`, fallback)].filter((slug) => !isIdLike(slug));
  });
  const wanted = [...new Set(choices.flat())];
  const rows = wanted.length === 0 ? [] : await db.select({ slug: products.slug }).from(products).where(inArray(products.slug, wanted));
  const taken = new Set(rows.map((row) => row.slug));
  const slugs: string[] = [];
  for (const [i, item] of items.entries()) {
    const base = slugBase(item.name, fallback);
    const slug = choices[i]!.find((choice) => !taken.has(choice)) ?? pickSlug(base, new Set([...(await takenLike(db, products, base)), ...taken]));
    taken.add(slug);
    slugs.push(slug);
  }
  return slugs;
}

/**
 * The slug of a product, category or attribute being written (decisions.md): one staff typed is kept as it
 * is, or refused with 409 and the field error 'Такой slug уже используется' when another row has
 * it; with none typed (empty), one is made from `name` by uniqueSlug, with a suffix when taken.
 */
export async function chooseSlug(
  db: DbOrTx,
  table: SluggedTable,
  typed: string | undefined,
  name: string,
  fallback: string,
  excludeId?: number,
): Promise<string> {
  if (!typed) return uniqueSlug(db, table, name, fallback, excludeId);
  const [other] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug, typed), excludeId === undefined ? undefined : ne(table.id, excludeId)))
    .limit(1);
  if (other) throw new HttpError(409, SLUG_TAKEN, { slug: [SLUG_TAKEN] });
  return typed;
}

/**
 * Runs a write that picks a slug with chooseSlug; when a concurrent write took the same slug in
 * between (a violation of `slugConstraint`), picks again, at most three more times (a typed slug
 * is then refused as taken).
 */
export async function withSlugRetry<T>(slugConstraint: string, write: () => Promise<T>): Promise<T> {
  return retry(write, { retries: 3, shouldRetry: (error) => isUniqueViolation(error, slugConstraint) });
}

/** The PostgreSQL error code (and constraint) behind a driver or Drizzle error, if any. */
export function pgError(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const constraint = typeof e.constraint === 'string' ? e.constraint : typeof e.constraint_name === 'string' ? e.constraint_name : undefined;
      return { code: e.code, constraint };
    }
    current = e.cause;
  }
  return {};
}

export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const e = pgError(error);
  return e.code === '23505' && (!constraint || e.constraint === constraint);
};
