/**
 * Lets the process answer the requests that came in meanwhile. PGlite answers queries without
 * leaving the microtask queue, so a job's loop of queries would otherwise hold every request
 * (and timer) until the whole job ended; the importer's jobs call this after every batch.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
