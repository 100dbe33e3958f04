import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connection.ts';
import { Lexicon, SYNONYM_WORDS } from './query.ts';

/** The typo vocabulary is rebuilt after changes, but not more often than this. */
const LEXICON_REFRESH_MS = 60_000;

/**
 * The vocabulary of the catalogue: words of active product names (counted by the search index as
 * it loads and takes in changes), of categories (a few dozen rows), and tool synonyms.
 */
async function loadLexicon(db: Db, nameWords: ReadonlyMap<string, number>): Promise<Lexicon> {
  const result = await db.execute(sql`
    select w, count(*)::int as n
    from (select regexp_split_to_table(translate(lower(name || ' ' || description), 'ё', 'е'), '[^[:alpha:]]+') as w from categories) words
    where length(w) >= 3
    group by w`);
  const entries: [string, number][] = rowsOf<{ w: string; n: number }>(result).map((r) => [r.w, Number(r.n)]);
  return new Lexicon([...nameWords, ...entries, ...SYNONYM_WORDS.map((w): [string, number] => [w, 1])]);
}

/**
 * The words typos are corrected against, kept per process. The first call waits for it; later
 * calls get the current one at once and, after a catalogue change, start a rebuild in the
 * background, at most once a minute (a bulk import announces a change per product; the
 * vocabulary only suggests words). Product names are counted by the search index, a batch or a
 * change at a time, not here: counting them in PostgreSQL took a core for a second or more at
 * 100 000 products, and every search meanwhile waited for the other core.
 */
export class Vocabulary {
  private value: Lexicon | null = null;
  private stale = true;
  private builtAt = 0;
  private building: Promise<Lexicon> | null = null;

  constructor(private readonly db: Db) {}

  changed() {
    this.stale = true;
  }

  /** The vocabulary; `nameWords` are the current index's (SearchIndex.nameWords). */
  async lexicon(nameWords: ReadonlyMap<string, number>): Promise<Lexicon> {
    const due = !this.value || Date.now() - this.builtAt >= LEXICON_REFRESH_MS;
    if (this.stale && due && !this.building) {
      this.stale = false;
      const building = loadLexicon(this.db, nameWords)
        .then((lexicon) => {
          this.value = lexicon;
          this.builtAt = Date.now();
          return lexicon;
        })
        .catch((error: unknown) => {
          this.stale = true;
          throw error;
        })
        .finally(() => {
          this.building = null;
        });
      this.building = building;
      // A background rebuild that fails leaves the old vocabulary in use; the next call retries.
      building.catch(() => {});
    }
    if (this.value) return this.value;
    return this.building ?? loadLexicon(this.db, nameWords);
  }

  /** Resolves when no build is running (shutdown). */
  async settled() {
    await this.building?.catch(() => {});
  }
}
