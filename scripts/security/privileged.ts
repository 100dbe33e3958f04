import type { Db } from '#server/db/connection.ts';
import { queryRows } from '#server/modules/backups/sql-dump.ts';

/**
 * The fields only staff may set, as the database holds them: accounts' roles and activity,
 * product prices and visibility, orders' owners, statuses and sums, the prices of order lines,
 * addresses' owners. Rows are keyed `table#id`.
 */
const QUERIES = {
  users: 'select id, role, is_active from users',
  products: 'select id, price_kopecks, original_price_kopecks, is_active from products',
  orders: 'select id, user_id, status, payment_status, total_kopecks from orders',
  order_items: 'select i.id, i.unit_price_kopecks, i.total_kopecks, p.price_kopecks as product_price from order_items i left join products p on p.id = i.product_id',
  addresses: 'select id, user_id from addresses',
} as const;
type Table = keyof typeof QUERIES;
type Row = Record<string, unknown> & { id: number };

export type PrivilegedSnapshot = Record<Table, Map<number, Row>>;

export async function snapshotPrivileged(db: Db): Promise<PrivilegedSnapshot> {
  const snapshot = {} as PrivilegedSnapshot;
  for (const [table, query] of Object.entries(QUERIES) as [Table, string][]) {
    snapshot[table] = new Map((await queryRows<Row>(db, query)).map((row) => [Number(row.id), row]));
  }
  return snapshot;
}

/**
 * What a new row made by a caller of `ownId` (null: anonymous) may hold: what the server
 * decides, never what the request said. Returns why the row is wrong, or null.
 */
const NEW_ROW_RULES: Record<Table, (row: Row, ownId: number | null) => string | null> = {
  users: (row) => (row.role !== 'user' || row.is_active !== true ? `role=${row.role} is_active=${row.is_active}` : null),
  products: () => 'a product made by a customer',
  orders: (row, ownId) =>
    row.status !== 'pending' || row.payment_status !== 'pending' || Number(row.user_id) !== ownId
      ? `status=${row.status} payment_status=${row.payment_status} user_id=${row.user_id}`
      : null,
  order_items: (row) => (row.unit_price_kopecks !== row.product_price ? `unit_price_kopecks=${row.unit_price_kopecks}, the product costs ${row.product_price}` : null),
  addresses: (row, ownId) => (Number(row.user_id) !== ownId ? `user_id=${row.user_id}` : null),
};

const sameRow = (a: Row, b: Row) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Privileged fields a phase of the fuzzer changed or planted. `tables` are those the phase's
 * role may not write (all of them for anonymous callers and customers, accounts for managers).
 */
export async function privilegedChanges(db: Db, before: PrivilegedSnapshot, ownId: number | null, tables: readonly Table[]): Promise<string[]> {
  const after = await snapshotPrivileged(db);
  const changes: string[] = [];
  for (const table of tables) {
    for (const [id, row] of after[table]) {
      const old = before[table].get(id);
      if (old && !sameRow(old, row)) changes.push(`${table}#${id}: ${JSON.stringify(old)} → ${JSON.stringify(row)}`);
      const wrong = old ? null : NEW_ROW_RULES[table](row, ownId);
      if (wrong) changes.push(`${table}#${id} (new): ${wrong}`);
    }
  }
  return changes;
}

export const ALL_PRIVILEGED: readonly Table[] = Object.keys(QUERIES) as Table[];
export const ACCOUNTS_ONLY: readonly Table[] = ['users'];
