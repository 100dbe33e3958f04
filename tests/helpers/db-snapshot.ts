import type { Db } from '#server/db/connection.ts';
import { queryRows as rows } from '#server/modules/backups/sql-dump.ts';

/**
 * Every row of every table of the public schema (as JSON text, sorted) and every sequence's
 * position: two snapshots are equal only when the databases hold the same data.
 */
export async function snapshotDatabase(db: Db): Promise<Record<string, string[]>> {
  const tables = await rows<{ name: string }>(
    db,
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  const snapshot: Record<string, string[]> = {};
  for (const { name } of tables) {
    const data = await rows<{ j: string }>(db, `select to_jsonb(t)::text as j from "${name}" t order by 1`);
    snapshot[name] = data.map((r) => r.j);
  }
  const sequences = await rows<{ name: string }>(
    db,
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  snapshot['(sequences)'] = [];
  for (const { name } of sequences) {
    const [s] = await rows<{ last_value: string; is_called: boolean }>(db, `select last_value::text, is_called from "${name}"`);
    snapshot['(sequences)'].push(`${name}=${s!.last_value}/${s!.is_called}`);
  }
  return snapshot;
}
