import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection.ts';
import { addresses, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import { ADDRESSES_MAX, type AddressPatch, type AddressValues } from '#shared/schemas/address.ts';
import type { Address } from '#shared/types.ts';


export const ADDRESS_NOT_FOUND = 'Адрес не найден';

const toAddress = (row: typeof addresses.$inferSelect): Address => ({
  id: row.id,
  label: row.label,
  recipientName: row.recipientName,
  phone: row.phone,
  address: row.address,
  city: row.city,
  postalCode: row.postalCode,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

/** The user's own addresses: the default first, then the newest. */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

/** Changes to one user's addresses run one at a time (the user row is locked), so exactly one stays default. */
async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function unsetOtherDefaults(tx: Tx, userId: number, keepId: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, keepId), eq(addresses.isDefault, true)));
}

export const ADDRESSES_FULL_MESSAGE = `Можно сохранить не более ${ADDRESSES_MAX} адресов. Удалите ненужный адрес.`;

/**
 * Adds an address in the caller's transaction; the first one, or one marked so, becomes the
 * default. At most ADDRESSES_MAX per user: past it a 400, on `errorField` when given.
 */
async function insertAddress(tx: Tx, userId: number, input: AddressValues, now: Date, errorField?: string): Promise<Address> {
  await lockUser(tx, userId);
  const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  if (Number(n) >= ADDRESSES_MAX) throw badRequest(ADDRESSES_FULL_MESSAGE, errorField ? { [errorField]: [ADDRESSES_FULL_MESSAGE] } : undefined);
  const isDefault = input.isDefault || Number(n) === 0;
  const [row] = await tx
    .insert(addresses)
    .values({ ...input, userId, isDefault, createdAt: now })
    .returning();
  if (isDefault) await unsetOtherDefaults(tx, userId, row!.id);
  return toAddress(row!);
}

/** A new address of the personal account. */
export async function createAddress(db: Db, userId: number, input: AddressValues, now: Date): Promise<Address> {
  return db.transaction((tx) => insertAddress(tx, userId, input, now));
}

/** An order's delivery address as an address of the account would hold it. */
export type OrderAddress = Pick<AddressValues, 'recipientName' | 'phone' | 'address' | 'city' | 'postalCode'>;

/**
 * Checkout's «Сохранить адрес в личном кабинете»: the order's address joins the customer's
 * addresses in the order's transaction, unless the very same one is saved already. A full list
 * refuses the order with the message on the checkbox (`saveAddress`).
 */
export async function saveOrderAddress(tx: Tx, userId: number, input: OrderAddress, now: Date): Promise<void> {
  const [same] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.recipientName, input.recipientName),
        eq(addresses.phone, input.phone),
        eq(addresses.address, input.address),
        eq(addresses.city, input.city),
        eq(addresses.postalCode, input.postalCode),
      ),
    )
    .limit(1);
  if (!same) await insertAddress(tx, userId, { ...input, label: '', isDefault: false }, now, 'saveAddress');
}

/** Edits the user's own address (another user's id answers 404); `isDefault: true` makes it the default. */
export async function updateAddress(db: Db, userId: number, id: number, patch: AddressPatch): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as AddressPatch;
    const where = and(eq(addresses.id, id), eq(addresses.userId, userId));
    const [row] =
      Object.keys(values).length > 0
        ? await tx.update(addresses).set(values).where(where).returning()
        : await tx.select().from(addresses).where(where);
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    if (values.isDefault) await unsetOtherDefaults(tx, userId, id);
    return toAddress(row);
  });
}

/** Deletes the user's own address; when it was the default, the newest remaining one takes over. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [row] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isDefault: addresses.isDefault });
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), asc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}
