import type { Config } from '../../config.ts';
import { safeFetch, type SafeFetchOptions, type SafeFetchResult } from '../../core/safe-fetch.ts';

/** How a scrape fetches the page and its pictures: the safe fetcher, or the mass scraper's polite queue over it. */
export type PageFetch = (url: string, limits: Pick<SafeFetchOptions, 'maxBytes' | 'accept'>) => Promise<SafeFetchResult>;

/** The safe fetcher with the shop's allowance and name. */
export const shopFetch =
  (config: Config): PageFetch =>
  (url, limits) =>
    safeFetch(url, { ...limits, allow: config.fetchAllow, shopUrl: config.publicUrl });
