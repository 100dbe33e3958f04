import { FetchError, safeFetch, type FetchAllowance, type FetchErrorCode, type SafeFetchOptions, type SafeFetchResult } from '../../../../core/safe-fetch.ts';
import { doublingDelay, retry } from '../../../../core/retry.ts';
import type { SiteGate } from './site-gate.ts';

/** What a run's fetches need besides the address: the size limit and the content types wanted. */
export type FetchLimits = Pick<SafeFetchOptions, 'maxBytes' | 'accept' | 'timeoutMs'>;
export type PoliteFetch = (url: string, limits: FetchLimits) => Promise<SafeFetchResult>;

/** Tries of one request that the site answered 429 or 5xx, before its error stands. */
export const MAX_RETRIES = 3;
/** Requests in a row that found the site in trouble, after which the run leaves the site alone. */
export const SITE_FAILURES_TO_STOP = 5;
export const SITE_GAVE_UP = 'Сайт перестал отвечать, остальные ссылки пропущены';

/** What a run knows about one site (host): its Crawl-delay, and how it has been answering. */
export type SiteState = { crawlDelayMs: number; failuresInRow: number; gaveUp: boolean };

/** 429 Too Many Requests and the 5xx errors are a busy or ailing site: worth another try later. */
const isRetryable = (error: unknown): boolean =>
  error instanceof FetchError && error.code === 'http_status' && (error.status === 429 || (error.status ?? 0) >= 500);

/** Besides 429 and 5xx, a site that cannot be reached or does not answer in time is in trouble. */
const UNREACHABLE = new Set<FetchErrorCode>(['connect_failed', 'connect_timeout', 'timeout']);
const isSiteTrouble = (error: unknown): boolean => isRetryable(error) || (error instanceof FetchError && UNREACHABLE.has(error.code));

/**
 * A run's way to the network: the safe fetcher behind the site's gate (one request at a time,
 * the run's pause or the site's Crawl-delay, whichever is longer, between them), another try
 * after a growing pause when the site answers 429 or 5xx, and no more requests to a site that
 * was in trouble SITE_FAILURES_TO_STOP times in a row.
 */
export function politeFetch(options: {
  gate: SiteGate;
  delayMs: number;
  site: (host: string) => SiteState;
  signal: AbortSignal;
  allow: FetchAllowance;
  shopUrl: string;
}): PoliteFetch {
  const { gate, signal } = options;
  return async (url, limits) => {
    const host = new URL(url).host;
    const site = options.site(host);
    const delay = () => Math.max(options.delayMs, site.crawlDelayMs);
    if (site.gaveUp) throw new FetchError('connect_failed', SITE_GAVE_UP);
    try {
      const answer = await retry(() => gate.run(host, delay(), signal, () => safeFetch(url, { ...limits, allow: options.allow, shopUrl: options.shopUrl })), {
        retries: MAX_RETRIES,
        shouldRetry: isRetryable,
        // 2, 4, 8 times the site's pause on top of it: a site that is struggling gets room to recover.
        delayMs: doublingDelay(delay),
        signal,
      });
      site.failuresInRow = 0;
      return answer;
    } catch (error) {
      if (isSiteTrouble(error)) {
        site.failuresInRow++;
        if (site.failuresInRow >= SITE_FAILURES_TO_STOP) site.gaveUp = true;
      } else if (error instanceof FetchError) site.failuresInRow = 0;
      throw error;
    }
  };
}
