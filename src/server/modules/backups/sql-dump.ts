/**
 * A logical copy of the whole database as SQL, written by the shop itself (no `pg_dump` needed,
 * so no client/server version pairing): every table of the `public` schema in foreign-key order,
 * then every sequence. One statement per line (row data travels as JSON, which never contains a
 * raw line break), inside one transaction, so the file can also be replayed with
 * `gunzip -c file.sql.gz | psql <url>` on a database migrated to the same version.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/connection.ts';


export const SQL_DUMP_MAGIC = '-- shop-sql-dump 1';
const BATCH_ROWS = 500;

/** Rows of a raw query text. */
export const queryRows = async <T>(db: Db | Tx, query: string): Promise<T[]> => rowsOf<T>(await db.execute(sql.raw(query)));

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

type TableInfo = { name: string; columns: string[]; generated: string[] };

/**
 * Tables of the public schema, parents before children, with their writable columns. Tables
 * commented 'Derived: …' (product_facets) are left out: triggers rebuild them as the rows they
 * are derived from are restored.
 */
async function tablesInDependencyOrder(db: Db | Tx): Promise<TableInfo[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')
       and coalesce(obj_description(c.oid, 'pg_class'), '') not like 'Derived:%'
     order by c.relname`,
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const columns = await queryRows<{ table: string; column: string; generated: string }>(
    db,
    `select c.relname as "table", a.attname as "column", a.attgenerated as generated
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (seen.has(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    path.delete(name);
    seen.add(name);
    ordered.push(name);
  };
  for (const t of tables) visit(t.name, new Set());
  return ordered.map((name) => {
    const cols = columns.filter((c) => c.table === name);
    return {
      name,
      columns: cols.filter((c) => !c.generated).map((c) => c.column),
      generated: cols.filter((c) => c.generated).map((c) => c.column),
    };
  });
}

function dollarTag(payload: string): string {
  for (;;) {
    const tag = `$d${randomBytes(6).toString('hex')}$`;
    if (!payload.includes(tag)) return tag;
  }
}

export type DumpStats = { tables: number; rows: number };

/**
 * Writes the copy line by line to `write` from one consistent snapshot (a repeatable-read,
 * read-only transaction), so orders placed meanwhile are either wholly in it or not at all.
 */
export async function writeSqlDump(
  db: Db,
  write: (line: string) => Promise<void> | void,
  meta: { createdAt: Date; migrations: number; pictures?: string },
): Promise<DumpStats> {
  let totalRows = 0;
  let tableCount = 0;
  await db.transaction(
    async (tx) => {
      const tables = await tablesInDependencyOrder(tx);
      tableCount = tables.length;
      await write(SQL_DUMP_MAGIC);
      await write(`-- created: ${meta.createdAt.toISOString()}`);
      await write(`-- migrations: ${meta.migrations}`);
      if (meta.pictures) await write(`-- pictures: ${meta.pictures}`);
      await write('BEGIN;');
      await write(`TRUNCATE TABLE ${tables.map((t) => ident(t.name)).join(', ')} RESTART IDENTITY CASCADE;`);
      for (const table of tables) {
        const cols = table.columns.map(ident).join(', ');
        const drop = table.generated.length ? ` - array[${table.generated.map(literal).join(', ')}]::text[]` : '';
        await tx.execute(sql.raw(`declare shop_dump no scroll cursor for select (to_jsonb(t)${drop})::text as j from ${ident(table.name)} t`));
        for (;;) {
          const batch = await queryRows<{ j: string }>(tx, `fetch ${BATCH_ROWS} from shop_dump`);
          if (batch.length === 0) break;
          totalRows += batch.length;
          const json = `[${batch.map((r) => r.j).join(',')}]`;
          const tag = dollarTag(json);
          await write(
            `INSERT INTO ${ident(table.name)} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM jsonb_populate_recordset(NULL::${ident(table.name)}, ${tag}${json}${tag}::jsonb);`,
          );
          if (batch.length < BATCH_ROWS) break;
        }
        await tx.execute(sql.raw('close shop_dump'));
      }
      const sequences = await queryRows<{ name: string }>(
        tx,
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
      );
      for (const { name } of sequences) {
        const [state] = await queryRows<{ last_value: string | number; is_called: boolean }>(tx, `select last_value, is_called from ${ident(name)}`);
        await write(`SELECT setval(${literal(ident(name))}, ${Number(state.last_value)}, ${state.is_called ? 'true' : 'false'});`);
      }
      await write('COMMIT;');
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { tables: tableCount, rows: totalRows };
}

/** The header of a dump: how many migrations the database that wrote it had applied. */
export function dumpMigrations(headerLines: string[]): number | null {
  const line = headerLines.find((l) => l.startsWith('-- migrations: '));
  return line ? Number(line.slice('-- migrations: '.length)) : null;
}

/**
 * Replays a dump (lines of `writeSqlDump`) in one transaction: every table is emptied and
 * refilled, sequences are set. Anything wrong rolls everything back.
 */
export async function applySqlDump(db: Db, openLines: () => AsyncIterable<string>): Promise<{ statements: number }> {
  let statements = 0;
  let first = true;
  await db.transaction(async (tx) => {
    // Opened only now, inside the transaction: a line reader started earlier would drop the
    // lines it read while the transaction was being opened.
    for await (const raw of openLines()) {
      const line = raw.trimEnd();
      if (first) {
        if (line !== SQL_DUMP_MAGIC) throw new Error('Файл не является резервной копией магазина (нет заголовка shop-sql-dump)');
        first = false;
        continue;
      }
      if (!line || line.startsWith('--') || line === 'BEGIN;' || line === 'COMMIT;') continue;
      await tx.execute(sql.raw(line));
      statements++;
    }
    if (first) throw new Error('Файл резервной копии пуст');
  });
  return { statements };
}
