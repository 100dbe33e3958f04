import type { PgSelect } from 'drizzle-orm/pg-core';

/** Which page of a list (from 1) and how many rows a page holds. */
export type PageQuery = { page: number; limit: number };

/** The rows of one page of a sorted select (made `.$dynamic()`); its total beside it is `db.$count(table, where)`. */
export const pageOf = <Q extends PgSelect>(select: Q, { page, limit }: PageQuery) => select.limit(limit).offset((page - 1) * limit);
