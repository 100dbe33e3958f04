import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connection.ts';

/** Words remembered at most; past that the memory starts again (a word costs one short query). */
const MAX_WORDS = 50_000;

/**
 * PostgreSQL's lexemes of query words under the Russian configuration, the same that built each
 * product's `search_vector`: several for a word the parser splits ('м.кв'), none for a stop word.
 * Remembered per word: they depend on the word alone, not on the catalogue.
 */
export class Stemmer {
  private readonly known = new Map<string, string[]>();

  constructor(private readonly db: Db) {}

  async stems(words: string[]): Promise<Map<string, string[]>> {
    const missing = words.filter((word) => !this.known.has(word));
    if (missing.length > 0) {
      // Query words hold letters, digits and dots only: a space separates them safely.
      const rows = rowsOf<{ w: string; l: string }>(
        await this.db.execute(sql`
          select w, array_to_string(tsvector_to_array(to_tsvector('russian', w)), ' ') as l
          from unnest(string_to_array(${missing.join(' ')}, ' ')) as w`),
      );
      if (this.known.size + rows.length > MAX_WORDS) this.known.clear();
      for (const row of rows) this.known.set(row.w, row.l ? row.l.split(' ') : []);
    }
    return new Map(words.map((word) => [word, this.known.get(word) ?? []]));
  }
}
