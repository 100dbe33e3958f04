import { and, eq, like, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from './connection.ts';
import type { categories, products } from './schema.ts';
import { isIdLike, slugify } from '#shared/slug.ts';

const SLUG_MAX = 100;

/** The slug part of a text: transliterated, at most 100 characters, cut at a hyphen. */
export function slugBase(text: string, fallback: string): string {
  let base = slugify(text);
  if (base.length > SLUG_MAX) base = base.slice(0, SLUG_MAX).replace(/-[^-]*$/, '') || base.slice(0, SLUG_MAX);
  return base.replace(/-+$/, '') || fallback;
}

/**
 * A free slug for a product or category: `wanted` transliterated, or with -2, -3... when another
 * row has it. A slug is never all digits (digits-only paths mean ids): such a base always gets a
 * suffix. `excludeId` is the row being edited, whose own slug does not count as taken.
 */
export async function uniqueSlug(
  db: Db,
  table: typeof products | typeof categories,
  wanted: string,
  fallback: string,
  excludeId?: number,
): Promise<string> {
  const base = slugBase(wanted, fallback);
  const conditions: SQL[] = [or(eq(table.slug, base), like(table.slug, `${base}-%`))!];
  if (excludeId !== undefined) conditions.push(ne(table.id, excludeId));
  const rows = await db.select({ slug: table.slug }).from(table).where(and(...conditions));
  const taken = new Set(rows.map((row) => row.slug));
  if (!isIdLike(base) && !taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Runs a write that picks a slug with uniqueSlug; when a concurrent write took the same slug in
 * between (a violation of `slugConstraint`), picks again, at most three more times.
 */
export async function withSlugRetry<T>(slugConstraint: string, write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, slugConstraint) && attempt < 3) continue;
      throw error;
    }
  }
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
