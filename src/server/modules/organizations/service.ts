import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { organizations } from '../../db/schema.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import { ORGANIZATIONS_MAX, OrganizationSchema, type OrganizationPatch, type OrganizationValues } from '#shared/schemas/organization.ts';
import type { Organization } from '#shared/organizations.ts';

export const ORGANIZATION_NOT_FOUND = 'Организация не найдена';
export const ORGANIZATIONS_FULL_MESSAGE = `Можно сохранить не более ${ORGANIZATIONS_MAX} организаций. Удалите ненужную.`;

const toOrganization = (row: typeof organizations.$inferSelect): Organization => ({
  id: row.id,
  name: row.name,
  inn: row.inn,
  kpp: row.kpp,
  ogrn: row.ogrn,
  legalAddress: row.legalAddress,
  bik: row.bik,
  account: row.account,
  correspondentAccount: row.correspondentAccount,
});

/** The customer's own organisations, oldest first. */
export async function listOrganizations(db: Db, userId: number): Promise<Organization[]> {
  const rows = await db.select().from(organizations).where(eq(organizations.userId, userId)).orderBy(asc(organizations.id));
  return rows.map(toOrganization);
}

/** One of the customer's organisations; another customer's id answers 404 like a missing one. */
export async function getOrganization(db: Db, userId: number, id: number): Promise<Organization> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.userId, userId)));
  if (!row) throw notFound(ORGANIZATION_NOT_FOUND);
  return toOrganization(row);
}

export async function createOrganization(db: Db, userId: number, input: OrganizationValues): Promise<Organization> {
  const [{ n }] = await db.select({ n: count() }).from(organizations).where(eq(organizations.userId, userId));
  if (Number(n) >= ORGANIZATIONS_MAX) throw badRequest(ORGANIZATIONS_FULL_MESSAGE);
  const [row] = await db
    .insert(organizations)
    .values({ ...input, userId })
    .returning();
  return toOrganization(row!);
}

/** Edits the customer's own organisation: the fields given over the saved ones, checked whole. */
export async function updateOrganization(db: Db, userId: number, id: number, patch: OrganizationPatch): Promise<Organization> {
  const { id: _id, ...saved } = await getOrganization(db, userId, id);
  const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const checked = OrganizationSchema.safeParse({ ...saved, ...given });
  if (!checked.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of checked.error.issues) (fields[String(issue.path[0])] ??= []).push(issue.message);
    throw badRequest(checked.error.issues[0]!.message, fields);
  }
  const [row] = await db
    .update(organizations)
    .set({ ...checked.data, updatedAt: new Date() })
    .where(and(eq(organizations.id, id), eq(organizations.userId, userId)))
    .returning();
  if (!row) throw notFound(ORGANIZATION_NOT_FOUND);
  return toOrganization(row);
}

export async function deleteOrganization(db: Db, userId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.userId, userId)))
    .returning({ id: organizations.id });
  if (!row) throw notFound(ORGANIZATION_NOT_FOUND);
}
