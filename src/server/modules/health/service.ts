import { sql } from 'drizzle-orm';
import { knownMigrations, rowsOf, type Db } from '../../db/connection.ts';

/** True when the database answers a trivial query. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * True when the database's schema is this build's: every migration it knows applied. While another
 * process (a new version starting) migrates, or before this one has, the count differs.
 */
export async function schemaIsCurrent(db: Db): Promise<boolean> {
  try {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    return row?.n === knownMigrations();
  } catch {
    return false;
  }
}
