import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle reads as PostgreSQL's text (its own mappers turn them into values): dates,
 * times and intervals, and arrays of them. Its PGlite driver passes a parser that keeps each as
 * text with every query (drizzle-orm/pglite/session.js).
 */
const KEPT_AS_TEXT: readonly number[] = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const keepText = (value: string) => value;

/**
 * PGlite merges the parsers a query brings with its own 300-odd into a new object for that one
 * query, which nearly doubles the cost of a short query: a one-row select took 451 µs with
 * drizzle's parsers and 255 µs without. So the instance keeps those types as text itself, and
 * the client drizzle is given drops drizzle's copy of the same parsers from each query. A query
 * bringing any other parser keeps it.
 */
export function drizzleClient(client: PGlite): PGlite {
  for (const oid of KEPT_AS_TEXT) client.parsers[oid] = keepText;
  return withoutKeptParsers(client, {
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => client.transaction((tx) => callback(withoutKeptParsers(tx))),
  });
}

/** `target` whose `query` drops the parsers the instance already applies; `also` replaces other members. */
function withoutKeptParsers<T extends Pick<PGlite, 'query'>>(target: T, also: Record<string, unknown> = {}): T {
  const query: PGlite['query'] = (text, params, options) =>
    target.query(text, params, options?.parsers && onlyKeptAsText(options.parsers) ? withoutParsers(options) : options);
  const replaced: Record<string | symbol, unknown> = { ...also, query };
  return new Proxy(target, { get: (inner, key) => (key in replaced ? replaced[key] : bound(inner, key)) });
}

const onlyKeptAsText = (parsers: NonNullable<QueryOptions['parsers']>) => Object.keys(parsers).every((oid) => KEPT_AS_TEXT.includes(Number(oid)));

function withoutParsers({ parsers: _, ...rest }: QueryOptions): QueryOptions {
  return rest;
}

/** A member of the instance itself: PGlite's methods reach its private fields through `this`. */
function bound(target: object, key: string | symbol) {
  const value: unknown = Reflect.get(target, key, target);
  return typeof value === 'function' ? value.bind(target) : value;
}
