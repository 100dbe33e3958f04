import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { customerGroups, priceTypes, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-slug.ts';
import { HttpError, notFound } from '../../core/http-errors.ts';
import { pluralRu } from '#shared/plural.ts';
import {
  GROUP_NAME_TAKEN,
  PRICE_TYPE_UNKNOWN,
  type CustomerGroup,
  type CustomerGroupList,
  type CustomerGroupValues,
  type PriceType,
} from '#shared/schemas/customer-groups.ts';

export const GROUP_NOT_FOUND = 'Группа покупателей не найдена';
const USER_NOT_FOUND = 'Пользователь не найден';

const fieldError = (status: number, field: string, message: string) => new HttpError(status, message, { [field]: [message] });

async function listPriceTypes(db: Db): Promise<PriceType[]> {
  return db.select({ id: priceTypes.id, name: priceTypes.name }).from(priceTypes).orderBy(asc(priceTypes.name));
}

/** «Группы покупателей»: every group with its customers' count, and the price types 1C sent to choose from. */
export async function listCustomerGroups(db: Db): Promise<CustomerGroupList> {
  const [rows, counts, types] = await Promise.all([
    db
      .select({ id: customerGroups.id, name: customerGroups.name, priceTypeId: customerGroups.priceTypeId, discountPercent: customerGroups.discountPercent })
      .from(customerGroups)
      .orderBy(asc(customerGroups.name)),
    db.select({ groupId: users.customerGroupId, customers: count() }).from(users).groupBy(users.customerGroupId),
    listPriceTypes(db),
  ]);
  const customersOf = new Map(counts.map((c) => [c.groupId, c.customers]));
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const groups: CustomerGroup[] = rows.map((g) => ({
    ...g,
    pricing: g.priceTypeId !== null ? 'price_type' : 'discount',
    priceTypeName: g.priceTypeId !== null ? (typeName.get(g.priceTypeId) ?? null) : null,
    customers: customersOf.get(g.id) ?? 0,
  }));
  return { groups, priceTypes: types };
}

async function groupById(db: Db, id: number): Promise<CustomerGroup> {
  const found = (await listCustomerGroups(db)).groups.find((g) => g.id === id);
  if (!found) throw notFound(GROUP_NOT_FOUND);
  return found;
}

/** The row a valid input makes: the price type must be one 1C sent. */
async function rowOf(db: Db, input: CustomerGroupValues) {
  if (input.pricing === 'discount') return { name: input.name, priceTypeId: null, discountPercent: input.discountPercent! };
  const [known] = await db.select({ id: priceTypes.id }).from(priceTypes).where(eq(priceTypes.id, input.priceTypeId!));
  if (!known) throw fieldError(400, 'priceTypeId', PRICE_TYPE_UNKNOWN);
  return { name: input.name, priceTypeId: known.id, discountPercent: null };
}

function translateTakenName(error: unknown): never {
  if (isUniqueViolation(error, 'customer_groups_name_lower_unique')) throw fieldError(409, 'name', GROUP_NAME_TAKEN);
  throw error;
}

export async function createCustomerGroup(db: Db, input: CustomerGroupValues, now: Date): Promise<CustomerGroup> {
  const row = await rowOf(db, input);
  const [created] = await db
    .insert(customerGroups)
    .values({ ...row, createdAt: now, updatedAt: now })
    .returning({ id: customerGroups.id })
    .catch(translateTakenName);
  return groupById(db, created!.id);
}

export async function updateCustomerGroup(db: Db, id: number, input: CustomerGroupValues, now: Date): Promise<CustomerGroup> {
  const row = await rowOf(db, input);
  const updated = await db
    .update(customerGroups)
    .set({ ...row, updatedAt: now })
    .where(eq(customerGroups.id, id))
    .returning({ id: customerGroups.id })
    .catch(translateTakenName);
  if (updated.length === 0) throw notFound(GROUP_NOT_FOUND);
  return groupById(db, id);
}

export const groupInUseMessage = (name: string, customers: number) =>
  `В группе «${name}» ${customers} ${pluralRu(customers, 'покупатель', 'покупателя', 'покупателей')}: переведите ${customers === 1 ? 'его' : 'их'} в другую группу, затем удалите группу`;

/** Deletes a group nobody is in; 409 saying how many customers are in it otherwise. */
export async function deleteCustomerGroup(db: Db, id: number): Promise<void> {
  const group = await groupById(db, id);
  if (group.customers > 0) throw new HttpError(409, groupInUseMessage(group.name, group.customers));
  await db.delete(customerGroups).where(eq(customerGroups.id, id));
}

/** Puts a customer in a group, or back in «Розница» (null); the user's id and group as answered. */
export async function setCustomerGroup(db: Db, userId: number, groupId: number | null): Promise<{ id: number; customerGroupId: number | null }> {
  if (groupId !== null) {
    const [group] = await db.select({ id: customerGroups.id }).from(customerGroups).where(eq(customerGroups.id, groupId));
    if (!group) throw fieldError(400, 'groupId', GROUP_NOT_FOUND);
  }
  const [updated] = await db.update(users).set({ customerGroupId: groupId }).where(eq(users.id, userId)).returning({ id: users.id, customerGroupId: users.customerGroupId });
  if (!updated) throw notFound(USER_NOT_FOUND);
  return updated;
}
