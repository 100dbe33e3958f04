/**
 * Lets the process answer the requests that came in meanwhile. PGlite answers queries without
 * leaving the microtask queue, so a long loop of queries or work would otherwise hold every
 * request (and timer) until it ended; the search index's builds call this between slices
 * (background jobs pause longer between their batches: give-way.ts).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
