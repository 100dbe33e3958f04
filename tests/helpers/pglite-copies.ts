import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteDatabase, type Database } from '#server/db/connection.ts';
import { templateNames } from './test-config.ts';

/**
 * The test workers' PGlite copies of the seeded template. Starting a copy from the template's
 * dump costs 1.4 s on an idle machine and about 3 s with both workers busy (unpacking the data
 * folder, starting PostgreSQL in WebAssembly), while the seed is 4 000 rows: so a copy a test
 * file closes is kept by its worker, and the next file gets it back in the template's state
 * (its tables emptied and filled again from the template's rows, its sequences set back) in a
 * few milliseconds (docs/decisions/026).
 *
 * A copy whose schema a file changed (tables, types or functions made or dropped: a restore) is
 * not reused but closed. Each `Database` handed out is new, so nothing keyed by it carries over.
 */

/** The template's rows of one table, as PostgreSQL's binary COPY wrote them (none for an empty table). */
type TableRows = { table: string; rows: Blob | null };
type Template = { tables: TableRows[]; sequences: { name: string; value: string; called: boolean }[]; schema: string };

const kept: PGlite[] = [];
let template: Promise<Template> | undefined;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What a file may not change for its copy to be reused: every relation, type and function outside PostgreSQL's own schemas. */
async function schemaOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ schema: string }>(`
    select md5(coalesce((select string_agg(c.oid || c.relname || c.relkind::text, ',' order by c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'), '')
      || coalesce((select string_agg(t.oid || t.typname, ',' order by t.oid) from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'public'), '')
      || coalesce((select string_agg(p.oid || p.proname, ',' order by p.oid) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'), '')) as schema`);
  return rows[0]!.schema;
}

/** The template's state, read from a copy fresh from the dump. */
async function readTemplate(client: PGlite): Promise<Template> {
  const tables: TableRows[] = [];
  const names = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  for (const { name } of names.rows) {
    const { rows } = await client.query<{ any: boolean }>(`select exists (select from ${quoted(name)}) as any`);
    const copied = rows[0]!.any ? await client.query(`copy ${quoted(name)} to '/dev/blob' with (format binary)`) : null;
    tables.push({ table: name, rows: copied?.blob ?? null });
  }
  const sequences = await client.query<{ name: string; value: string; called: boolean }>(
    `select sequencename as name, coalesce(last_value, start_value)::text as value, last_value is not null as called from pg_sequences where schemaname = 'public'`,
  );
  return { tables, sequences: sequences.rows, schema: await schemaOf(client) };
}

/** Puts a kept copy back in the template's state; false when its schema changed. */
async function reset(client: PGlite, state: Template): Promise<boolean> {
  // Session state a file may leave behind: settings, temporary tables, prepared statements, advisory locks.
  await client.exec('discard all');
  if ((await schemaOf(client)) !== state.schema) return false;
  await client.transaction(async (tx) => {
    // The rows are the template's as they are: no trigger runs again on them, no foreign key is checked one by one.
    await tx.exec(`set local session_replication_role = replica; truncate ${state.tables.map((t) => quoted(t.table)).join(', ')}`);
    for (const { table, rows } of state.tables) {
      if (rows) await tx.query(`copy ${quoted(table)} from '/dev/blob' with (format binary)`, [], { blob: rows });
    }
    for (const { name, value, called } of state.sequences) await tx.query('select setval($1, $2::bigint, $3)', [name, value, called]);
  });
  return true;
}

/** A copy of the seeded template for one test file; its `close` gives the copy back to this worker. */
export async function openPgliteCopy(): Promise<Database> {
  let client: PGlite | undefined;
  while (!client && kept.length) {
    const candidate = kept.pop()!;
    if (await reset(candidate, await template!)) client = candidate;
    else await candidate.close();
  }
  if (!client) {
    const fresh = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(templateNames().dump)]) });
    client = fresh.pglite!;
    template ??= readTemplate(client);
    await template;
  }
  const copy = client;
  return { ...pgliteDatabase(copy), close: async () => void kept.push(copy) };
}
