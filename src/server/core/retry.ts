/**
 * Trying an operation again when it fails in a way worth another try: how many times, which
 * errors, and how long to wait before each new try (nothing, or a growing pause). What counts as
 * worth retrying, and what a final failure means, stay with the caller.
 */

export type RetryOptions = {
  /** Tries after the first one, at most. */
  retries: number;
  /** Whether this failure (of try `attempt`, 0 for the first) is worth another try. */
  shouldRetry: (error: unknown, attempt: number) => boolean;
  /** The pause in milliseconds before the try after try `attempt`; none: at once. */
  delayMs?: (attempt: number) => number;
  /** Stops a pause (and so the retrying) with the signal's reason. */
  signal?: AbortSignal;
};

/** Runs `task` until it succeeds, its error is not worth another try, or the tries are used up; then its last error stands. */
export async function retry<T>(task: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= options.retries || !options.shouldRetry(error, attempt)) throw error;
      const pause = options.delayMs?.(attempt) ?? 0;
      if (pause > 0 || options.signal) await sleep(pause, options.signal);
    }
  }
}

/** Exponential back-off: 2, 4, 8 … times `baseMs` (read at each pause, so it may change between tries). */
export const doublingDelay = (baseMs: () => number) => (attempt: number) => baseMs() * 2 ** (attempt + 1);

/** Waits `ms` (nothing when not positive), or rejects as soon as `signal` is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
