/**
 * Search text handling, without the database: what the customer typed becomes words to match
 * (stemmed by PostgreSQL's Russian configuration), SKU fragments, the same words as if typed in
 * the other keyboard layout, and typo corrections from the catalogue's own vocabulary.
 */

/** Words taken from one query; the rest is ignored (a pasted paragraph is not a search). */
export const MAX_QUERY_WORDS = 8;
/** Fewest characters of a SKU fragment worth matching inside SKUs: shorter ones are in too many. */
export const MIN_SKU_FRAGMENT = 3;

/** Lower case, ё → е (the shop writes both), single spaces. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ').trim();
}

/** What separates the words of a name: dotted names ('p.i.t', '1.5') stay whole. */
const NAME_SEPARATOR = /[^\p{L}\p{N}.]+/u;

/** A name as search compares names: its words, normalised, one space apart («Перфоратор DCK KZC26, 800 Вт» → «перфоратор dck kzc26 800 вт»). */
export const nameAsWords = (name: string) => normalizeText(name).split(NAME_SEPARATOR).filter(Boolean).join(' ');

// ---------------------------------------------------------------------------------------------
// Keyboard layouts: 'lhtkm' is 'дрель' typed with the Latin layout on, 'лят20' is 'kzc20'.

const LATIN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const CYRILLIC_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const TO_CYRILLIC = new Map([...LATIN_KEYS].map((ch, i) => [ch, CYRILLIC_KEYS[i]!]));
const TO_LATIN = new Map([...CYRILLIC_KEYS].map((ch, i) => [ch, LATIN_KEYS[i]!]));

/** The text as it would read had the Russian layout been on (lower case in, lower case out). */
export const latinToCyrillic = (text: string) => [...text.toLowerCase()].map((ch) => TO_CYRILLIC.get(ch) ?? ch).join('');
/** The text as it would read had the Latin layout been on. */
export const cyrillicToLatin = (text: string) => [...text.toLowerCase()].map((ch) => TO_LATIN.get(ch) ?? ch).join('');

const hasLatin = (text: string) => /[a-z]/i.test(text);
const hasCyrillic = (text: string) => /[а-яё]/i.test(text);

// ---------------------------------------------------------------------------------------------
// Words

/**
 * Words of a normalised text: letters and digits, keeping dotted names whole ('p.i.t', '1.5').
 * Single letters are dropped (prepositions, stray keys); single digits stay.
 */
export function tokenize(text: string): string[] {
  const words = normalizeText(text).match(/[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*/gu) ?? [];
  const seen = new Set<string>();
  for (const word of words) {
    if (word.length === 1 && !/\d/.test(word)) continue;
    seen.add(word);
    if (seen.size >= MAX_QUERY_WORDS) break;
  }
  return [...seen];
}

/** A SKU without spaces, dashes, dots and slashes, as the `sku_norm` column keeps it. */
export const normalizeSku = (text: string) => normalizeText(text).replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A query word with what it may stand for: alternatives, each a phrase of words
 * (`[['болгарка'], ['ушм'], ['угловая', 'шлифмашина']]`).
 */
export type WordGroup = string[][];
/** One reading of the query: every group must match. */
export type Reading = WordGroup[];

/**
 * What customers call a tool and what the catalogue calls it. A key of five letters or more
 * also matches its other forms ('болгарки', 'болгаркой').
 */
const SYNONYMS: { word: string; alternatives: string[] }[] = [
  { word: 'болгарка', alternatives: ['ушм', 'угловая шлифмашина'] },
  { word: 'ушм', alternatives: ['угловая шлифмашина', 'болгарка'] },
  { word: 'лобзик', alternatives: ['электролобзик'] },
  { word: 'электролобзик', alternatives: ['лобзик'] },
  { word: 'циркулярка', alternatives: ['циркулярная пила', 'дисковая пила'] },
  { word: 'торцовка', alternatives: ['торцовочная пила'] },
  { word: 'бензокоса', alternatives: ['триммер бензиновый'] },
  { word: 'мотокоса', alternatives: ['триммер бензиновый'] },
  { word: 'отбойник', alternatives: ['отбойный молоток'] },
  { word: 'акб', alternatives: ['аккумулятор'] },
  { word: 'зу', alternatives: ['зарядное устройство'] },
  { word: 'термофен', alternatives: ['строительный фен'] },
  { word: 'дальномер', alternatives: ['лазерная рулетка'] },
];

/** Drops the usual Russian endings of a synonym key, so its other forms match too. */
const synonymStem = (word: string) => (word.length >= 5 ? word.replace(/[аяоеиыуюь]+$/u, '') : word);
const SYNONYM_STEMS = SYNONYMS.map((s) => ({ ...s, stem: synonymStem(s.word) }));

/** The word and its synonyms as a group of alternatives. */
export function withSynonyms(word: string): WordGroup {
  const group: WordGroup = [[word]];
  for (const s of SYNONYM_STEMS) {
    const matches = s.word.length >= 5 ? word.startsWith(s.stem) : word === s.word;
    if (!matches) continue;
    for (const alternative of [s.word, ...s.alternatives]) {
      const phrase = tokenize(alternative);
      if (!group.some((p) => p.join(' ') === phrase.join(' '))) group.push(phrase);
    }
  }
  return group;
}

/** Words that customers type for tools: part of the vocabulary typos are corrected against. */
export const SYNONYM_WORDS = SYNONYMS.flatMap((s) => [s.word, ...s.alternatives.flatMap((a) => a.split(' '))]);

/**
 * What a product must contain: a word (matched by its PostgreSQL stems, see search-index.ts), all
 * of several, or any of several.
 */
export type Match = { word: string } | { all: Match[] } | { any: Match[] };

const allOf = (parts: Match[]): Match => (parts.length === 1 ? parts[0]! : { all: parts });
const anyOf = (parts: Match[]): Match => (parts.length === 1 ? parts[0]! : { any: parts });
const phraseMatch = (phrase: string[]) => allOf(phrase.map((word) => ({ word })));
const groupMatch = (group: WordGroup) => anyOf(group.map(phraseMatch));

/** Any reading, each with every group; null when there is nothing to look for. */
export function matchReadings(readings: Reading[]): Match | null {
  const parts = readings.filter((groups) => groups.length > 0).map((groups) => allOf(groups.map(groupMatch)));
  return parts.length ? anyOf(parts) : null;
}

/** Any group of any reading: the last resort for several words. */
export function matchAnyGroup(readings: Reading[]): Match | null {
  const parts = readings.flat().map(groupMatch);
  return parts.length ? anyOf(parts) : null;
}

/** Every word of the readings (their stems rank the matches). */
export const readingWords = (readings: Reading[]) => [...new Set(readings.flat(3))];

/** Words or SKU fragments to look for. */
export type Lookup = {
  readings: Reading[];
  /** Normalised SKU fragments to look for inside SKUs. */
  skus: string[];
};

export type SearchPlan = Lookup & {
  /** The query exactly as typed: when it finds nothing, what was found came from the other layout. */
  asTyped: Lookup;
  /** What the other layout adds to `asTyped` (together they are the plan); nothing without another layout. */
  layout: Lookup;
  /** The query as if typed in the other layout, when that is looked for too ('lhtkm' → 'дрель', 'ляс20' → 'kzc20'). */
  otherLayout: string | null;
};

const lookupOf = (words: string[][], skus: string[]): Lookup => ({
  readings: words.filter((w) => w.length > 0).map((w) => w.map(withSynonyms)),
  skus,
});

/** A SKU fragment: Latin letters and digits only, long enough to be worth matching. */
function skuFragment(value: string): string[] {
  const sku = normalizeSku(value);
  return sku.length >= MIN_SKU_FRAGMENT && /^[a-z0-9]+$/.test(sku) ? [sku] : [];
}

/** What to look for: the typed words, their other-layout reading, and SKU fragments. */
export function planSearch(query: string): SearchPlan {
  const text = normalizeText(query);
  const typed = tokenize(text);
  const typedSkus = hasCyrillic(text) ? [] : skuFragment(text);
  const asTyped = lookupOf([typed], typedSkus);
  if (hasLatin(text)) {
    const russian = tokenize(latinToCyrillic(text));
    if (russian.some(hasCyrillic) && russian.join(' ') !== typed.join(' ')) {
      return { ...lookupOf([typed, russian], typedSkus), asTyped, layout: lookupOf([russian], []), otherLayout: russian.join(' ') };
    }
  }
  // A Russian-layout SKU ('ляс20' for 'kzc20'): only with digits, or every Russian word would be one.
  const layoutSkus = hasCyrillic(text) && !hasLatin(text) && /\d/.test(text) ? skuFragment(cyrillicToLatin(text)) : [];
  if (layoutSkus.length) {
    return { ...lookupOf([typed], layoutSkus), asTyped, layout: lookupOf([], layoutSkus), otherLayout: cyrillicToLatin(text) };
  }
  return { ...asTyped, asTyped, layout: lookupOf([], []), otherLayout: null };
}

// ---------------------------------------------------------------------------------------------
// Typos: the catalogue's vocabulary and trigram similarity (the pg_trgm measure)

/** Trigrams of one word as pg_trgm forms them: two spaces before, one after. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

/** pg_trgm `similarity`: shared trigrams over all trigrams of both words. */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** Fewest shared trigrams relative to both words for a word to count as the same one mistyped. */
export const TYPO_SIMILARITY = 0.4;

/**
 * The words of the catalogue (product and category names) with how often they occur: the
 * source of typo corrections ('перфаратор' → 'перфоратор') and completions ('перфор' → 'перфоратор').
 */
export class Lexicon {
  private readonly words: string[];
  private readonly counts: Map<string, number>;
  private readonly index = new Map<string, number[]>();
  /** Number of trigrams of each word, by the word's position in `words`. */
  private readonly trigramCounts: number[] = [];

  constructor(entries: Iterable<[string, number]>) {
    this.counts = new Map();
    for (const [word, count] of entries) {
      const w = normalizeText(word);
      if (w.length >= 3 && /^\p{L}+$/u.test(w)) this.counts.set(w, (this.counts.get(w) ?? 0) + count);
    }
    this.words = [...this.counts.keys()];
    this.words.forEach((word, i) => {
      const own = trigrams(word);
      this.trigramCounts.push(own.size);
      for (const t of own) {
        const list = this.index.get(t);
        if (list) list.push(i);
        else this.index.set(t, [i]);
      }
    });
  }

  get size() {
    return this.words.length;
  }

  has(word: string) {
    return this.counts.has(word);
  }

  /**
   * Catalogue words the customer probably meant: completions of a cut-off word, then the most
   * similar words (ties go to the more frequent one). The word itself when it is a known word.
   */
  suggest(word: string, limit = 3): string[] {
    if (!/^\p{L}{3,}$/u.test(word)) return [];
    if (this.counts.has(word)) return [word];
    const byCount = (a: string, b: string) => this.counts.get(b)! - this.counts.get(a)!;
    const completions = word.length >= 4 ? this.words.filter((w) => w.startsWith(word)).sort(byCount).slice(0, 2) : [];

    const own = trigrams(word);
    const shared = new Map<number, number>();
    for (const t of own) for (const i of this.index.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    const similar: { word: string; score: number }[] = [];
    for (const [i, n] of shared) {
      const score = n / (own.size + this.trigramCounts[i]! - n);
      if (score >= TYPO_SIMILARITY) similar.push({ word: this.words[i]!, score });
    }
    similar.sort((a, b) => b.score - a.score || byCount(a.word, b.word));
    const out = [...completions];
    for (const { word: w } of similar) {
      if (out.length >= limit) break;
      if (!out.includes(w)) out.push(w);
    }
    return out;
  }
}

/**
 * A reading with each word the catalogue does not know widened by the catalogue words it may
 * stand for (and their synonyms); `changed` is false when nothing was widened. `text` is the
 * query as the customer is told it was read: each such word replaced by the likeliest one.
 */
export function correctReading(reading: Reading, lexicon: Lexicon): { reading: Reading; changed: boolean; text: string } {
  let changed = false;
  const words: string[] = [];
  const corrected = reading.map((group) => {
    words.push(group[0]!.join(' '));
    const word = group[0]!.length === 1 ? group[0]![0]! : null;
    if (!word) return group;
    const suggestions = lexicon.suggest(word).filter((s) => s !== word);
    if (suggestions.length === 0) return group;
    changed = true;
    words[words.length - 1] = suggestions[0]!;
    const out: WordGroup = [...group];
    for (const suggestion of suggestions) {
      for (const phrase of withSynonyms(suggestion)) {
        if (!out.some((p) => p.join(' ') === phrase.join(' '))) out.push(phrase);
      }
    }
    return out;
  });
  return { reading: corrected, changed, text: words.join(' ') };
}
