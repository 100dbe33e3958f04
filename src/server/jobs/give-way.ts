/** The longest pause between two batches: a slow batch (a locked row, a cold disk) must not stall its job. */
const LONGEST_PAUSE_MS = 250;

/**
 * The pause a background job makes between its batches, as long as it worked since the last one
 * (at most a quarter of a second). An import at full speed keeps two cores busy (its
 * own process and the database backend writing for it); on a two-core machine a catalogue
 * request then now and then waited 100 ms and more for a core. Giving half the time back makes an
 * import take nearly twice as long and keeps the storefront's answers under 100 ms
 * (docs/decisions/040, «Background jobs give way»). The pause is a
 * timer, so it is also a turn for the requests waiting in this process (PGlite answers queries
 * without leaving the microtask queue).
 */
export function givingWay(share = 1): () => Promise<void> {
  let since = performance.now();
  return async () => {
    const worked = performance.now() - since;
    await new Promise<void>((resolve) => setTimeout(resolve, Math.min(worked * share, LONGEST_PAUSE_MS)));
    since = performance.now();
  };
}
