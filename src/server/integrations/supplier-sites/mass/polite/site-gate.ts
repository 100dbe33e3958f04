import { sleep } from '../../../../core/retry.ts';

/**
 * One request at a time per site, and a pause between them: every request of the mass scraper
 * to a site (robots.txt, sitemaps, pages) passes through the gate of its host. One gate serves
 * the whole process, so two runs over the same site still take turns.
 */
export class SiteGate {
  private readonly sites = new Map<string, { tail: Promise<void>; lastEnd: number }>();

  /**
   * Runs `request` once the site's previous request has ended and `delayMs` has passed since;
   * the wait ends early (with the signal's reason) when the run is told to stop or pause.
   */
  async run<T>(host: string, delayMs: number, signal: AbortSignal, request: () => Promise<T>): Promise<T> {
    const site = this.sites.get(host) ?? { tail: Promise.resolve(), lastEnd: 0 };
    this.sites.set(host, site);
    const previous = site.tail;
    let release!: () => void;
    site.tail = new Promise((resolve) => (release = resolve));
    try {
      await previous;
      await sleep(site.lastEnd + delayMs - Date.now(), signal);
      try {
        return await request();
      } finally {
        site.lastEnd = Date.now();
      }
    } finally {
      release();
    }
  }
}
