import robotsParser from 'robots-parser';
import { FetchError } from '../../../../core/safe-fetch.ts';
import type { PoliteFetch } from './polite-fetch.ts';

/** Our token in robots.txt groups (the fetcher's User-Agent is `ProfInstrumentBot/1.0 (+shop)`). */
export const ROBOT_NAME = 'ProfInstrumentBot';
/** RFC 9309: a crawler reads at least the first 500 KiB of a robots.txt. */
const ROBOTS_MAX_BYTES = 512 * 1024;

export const ROBOTS_DISALLOWED = 'Сайт не разрешает загружать эту страницу автоматически: заполните карточку вручную';

/** What a site's robots.txt says to us. */
export type SiteRules = {
  allows(url: string): boolean;
  /** The Crawl-delay for our group (or `*`), in milliseconds. */
  crawlDelayMs: number | null;
  /** Set when robots.txt could not be read: nothing on the site may be fetched (RFC 9309: assume complete disallow). */
  unreadable: string | null;
};

const ALLOW_ALL: SiteRules = { allows: () => true, crawlDelayMs: null, unreadable: null };

/**
 * Reads `origin/robots.txt` once. No file (4xx) allows everything; a site that cannot answer
 * it (5xx after the retries, no connection) allows nothing, as RFC 9309 asks: the site's pages
 * fail with the reason.
 */
export async function readRobots(origin: string, fetch: PoliteFetch): Promise<SiteRules> {
  const robotsUrl = `${origin}/robots.txt`;
  let text: string;
  try {
    text = (await fetch(robotsUrl, { maxBytes: ROBOTS_MAX_BYTES })).body.toString('utf8');
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    const status = error.status ?? 0;
    if (error.code === 'http_status' && status >= 400 && status < 500 && status !== 429) return ALLOW_ALL;
    // A site out of reach says so itself; one that answers with an error has not said what may be read.
    const unreadable = error.code === 'http_status' ? `Сайт не сообщил, какие страницы можно загружать: ${lowerFirst(error.message)}` : error.message;
    return { allows: () => false, crawlDelayMs: null, unreadable };
  }
  const robots = robotsParser(robotsUrl, text);
  const delay = robots.getCrawlDelay(ROBOT_NAME);
  return {
    // The parser answers undefined for an address of another origin: its own robots.txt decides.
    allows: (url) => robots.isAllowed(url, ROBOT_NAME) !== false,
    crawlDelayMs: typeof delay === 'number' && delay > 0 ? Math.round(delay * 1000) : null,
    unreadable: null,
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
