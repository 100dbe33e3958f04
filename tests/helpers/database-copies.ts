import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteDatabase, type Database } from '#server/db/connection.ts';
import { databaseUrl, templateNames } from './test-config.ts';

/**
 * The test workers' copies of the seeded template database. A fresh copy is slow: a PGlite
 * copy starts from the template's dump in 1.4 s on an idle machine and about 3 s with both
 * workers busy (unpacking the data folder, starting PostgreSQL in WebAssembly); on the server,
 * `CREATE DATABASE … TEMPLATE` and the drop after take about half a second. The seed is 4 000
 * rows. So a copy a test file closes stays with its worker, and the next file gets it back in
 * the template's state: its tables emptied and filled again with the template's rows, its
 * sequences set back (docs/decisions/026).
 *
 * Only the tables a file changed are put back (most files change a few of the 60): each table's
 * rows are read as one hash, and a table whose hash is not the template's is emptied and filled
 * again, with the tables whose foreign keys point at it (TRUNCATE takes them together).
 *
 * A copy whose schema a file changed (tables, types or functions made or dropped: a restore) is
 * not reused. Each `Database` handed out is new, so nothing keyed by it carries over.
 */

/** What both clients answer: PGlite itself, and a `pg` client of one connection. */
type Sql = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };

/**
 * The template's rows of one table, as JSON (none for an empty table), and their hash; its
 * columns that take values; the tables whose foreign keys point at it.
 */
type TableRows = { name: string; columns: string; rows: string | null; hash: string; referencedBy: string[] };
type Template = { tables: TableRows[]; sequences: { name: string; value: string; called: boolean }[]; schema: string };

/** What a file may not change for its copy to be reused: every relation, type and function of the shop's schema. */
async function schemaOf(sql: Sql): Promise<string> {
  const { rows } = await sql.query<{ schema: string }>(`
    select md5(concat(
      (select string_agg(c.oid || c.relname || c.relkind::text, ',' order by c.oid) from pg_class c where c.relnamespace = 'public'::regnamespace),
      (select string_agg(t.oid || t.typname, ',' order by t.oid) from pg_type t where t.typnamespace = 'public'::regnamespace),
      (select string_agg(p.oid || p.proname, ',' order by p.oid) from pg_proc p where p.pronamespace = 'public'::regnamespace))) as schema`);
  return rows[0]!.schema;
}

/** The template's state, read from a copy fresh from it. */
async function readTemplate(sql: Sql): Promise<Template> {
  // Generated columns are computed again; identity columns take the template's values.
  const { rows: tables } = await sql.query<{ name: string; columns: string }>(`
    select c.relname as name, string_agg(quote_ident(a.attname), ', ' order by a.attnum) as columns
    from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
    group by c.relname order by c.relname`);
  const { rows: keys } = await sql.query<{ referencing: string; referenced: string }>(`
    select child.relname as referencing, parent.relname as referenced
    from pg_constraint k join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = 'public'::regnamespace`);
  const hashes = await tableHashes(sql, tables);
  const withRows: TableRows[] = [];
  for (const table of tables) {
    const { rows } = await sql.query<{ rows: string | null }>(`select json_agg(t)::text as rows from public.${quoted(table.name)} t`);
    const referencedBy = keys.filter((key) => key.referenced === table.name).map((key) => key.referencing);
    withRows.push({ ...table, rows: rows[0]!.rows, hash: hashes.get(table.name)!, referencedBy });
  }
  const { rows: sequences } = await sql.query<{ name: string; value: string; called: boolean }>(
    `select sequencename as name, coalesce(last_value, start_value)::text as value, last_value is not null as called from pg_sequences where schemaname = 'public'`,
  );
  return { tables: withRows, sequences, schema: await schemaOf(sql) };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Each table's rows as one hash, in one query. */
async function tableHashes(sql: Sql, tables: { name: string }[]): Promise<Map<string, string>> {
  const { rows } = await sql.query<{ name: string; hash: string }>(
    tables.map((table, i) => `select $${i + 1}::text as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from public.${quoted(table.name)} t`).join(' union all '),
    tables.map((table) => table.name),
  );
  return new Map(rows.map((row) => [row.name, row.hash]));
}

/** The tables whose rows are not the template's, with every table whose foreign keys point at one of them. */
async function changedTables(sql: Sql, template: Template): Promise<TableRows[]> {
  const hashes = await tableHashes(sql, template.tables);
  const byName = new Map(template.tables.map((table) => [table.name, table]));
  const changed = new Set(template.tables.filter((table) => hashes.get(table.name) !== table.hash).map((table) => table.name));
  for (const name of changed) for (const referencing of byName.get(name)!.referencedBy) changed.add(referencing);
  return template.tables.filter((table) => changed.has(table.name));
}

/** Puts a copy back in the template's state; false when its schema changed. */
async function reset(sql: Sql, template: Template): Promise<boolean> {
  if ((await schemaOf(sql)) !== template.schema) return false;
  const changed = await changedTables(sql, template);
  await sql.query('begin');
  try {
    // The rows are the template's as they are: no trigger runs again on them, no foreign key is checked row by row.
    await sql.query('set local session_replication_role = replica');
    if (changed.length) await sql.query(`truncate ${changed.map((table) => `public.${quoted(table.name)}`).join(', ')}`);
    for (const { name, columns, rows } of changed) {
      if (!rows) continue;
      await sql.query(`insert into public.${quoted(name)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::public.${quoted(name)}, $1::json)`, [rows]);
    }
    if (template.sequences.length) {
      await sql.query(
        `select ${template.sequences.map((_, i) => `setval($${3 * i + 1}, $${3 * i + 2}::bigint, $${3 * i + 3})`).join(', ')}`,
        template.sequences.flatMap(({ name, value, called }) => [`public.${quoted(name)}`, value, called]),
      );
    }
    await sql.query('commit');
  } catch (error) {
    await sql.query('rollback');
    throw error;
  }
  return true;
}

/** A kind of copy: how one is made fresh, reached with SQL, handed out and closed for good. */
type Copies<Copy> = {
  fresh(): Promise<Copy>;
  /** Runs `work` with SQL on the copy (the copy itself for PGlite, a connection of its own on the server). */
  withSql<T>(copy: Copy, work: (sql: Sql) => Promise<T>): Promise<T>;
  /** The copy as the app uses it; its `close` must end every connection before the copy is kept. */
  open(copy: Copy): Promise<Database>;
  discard(copy: Copy): Promise<void>;
};

/** This worker's copies of one kind: the kept ones and the template's state, read once. */
function keeper<Copy>(copies: Copies<Copy>) {
  const kept: Copy[] = [];
  let template: Promise<Template> | undefined;
  return async (): Promise<Database> => {
    let copy: Copy | undefined;
    while (copy === undefined && kept.length) {
      const candidate = kept.pop()!;
      if (await copies.withSql(candidate, async (sql) => reset(sql, await template!))) copy = candidate;
      else await copies.discard(candidate);
    }
    if (copy === undefined) {
      const made = await copies.fresh();
      template ??= copies.withSql(made, readTemplate);
      await template;
      copy = made;
    }
    const database = await copies.open(copy);
    const handedOut = copy;
    let closed = false;
    return {
      ...database,
      // Kept once, however often it is closed: two files must never get the same copy.
      close: async () => {
        if (closed) return;
        closed = true;
        await database.close();
        kept.push(handedOut);
      },
    };
  };
}

const pgliteCopies: Copies<PGlite> = {
  fresh: async () => (await openDatabase({ loadDataDir: new Blob([fs.readFileSync(templateNames().dump)]) })).pglite!,
  // Session state a file may leave behind: settings, temporary tables, prepared statements, advisory locks.
  withSql: async (client, work) => (await client.exec('discard all'), work(client)),
  // The instance stays open: the app's handle on it is what closes.
  open: async (client) => ({ ...pgliteDatabase(client), close: async () => undefined }),
  discard: (client) => client.close(),
};

/** This run's databases on the server start with this prefix; the global setup drops them at the end. */
export const serverCopyPrefix = () => `${templateNames().db}_copy_`;

const serverCopies: Copies<string> = {
  fresh: async () => {
    const name = `${serverCopyPrefix()}${randomBytes(4).toString('hex')}`;
    await withServer(process.env.TEST_DATABASE_URL!, async (admin) => {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateNames().db}`);
      // A commit answers without waiting for the disk: what a test sees is the same, and no copy
      // outlives the run, so nothing is lost that a crash could take.
      await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    });
    return name;
  },
  withSql: (name, work) => withServer(databaseUrl(name), work),
  // Parallel requests get parallel connections, but a few test files at once must stay well under
  // the server's max_connections (100): 60 per file ran out and answered 500 in CI.
  open: async (name) => {
    const database = await openDatabase({ url: databaseUrl(name), poolSize: 16 });
    return { ...database, close: async () => (await database.close(), await connectionsGone(name)) };
  },
  discard: (name) => dropTestDatabase(name),
};

async function withServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * pool.end() resolves before every socket is closed; the next file's reset, or a drop, would
 * then meet connections that are still saying goodbye. Wait for them.
 */
async function connectionsGone(name: string) {
  await withServer(process.env.TEST_DATABASE_URL!, async (admin) => {
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
}

/** Drops a test database on the PostgreSQL server, once the connections closed to it are gone. */
export async function dropTestDatabase(name: string) {
  await connectionsGone(name);
  await withServer(process.env.TEST_DATABASE_URL!, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export const openPgliteCopy = keeper(pgliteCopies);
export const openServerCopy = keeper(serverCopies);
