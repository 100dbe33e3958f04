import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/**
 * Public catalogue answers, kept serialised and compressed: a cached page costs a hash lookup
 * and a socket write, not a database query and a JSON.stringify. Dropped on every catalogue
 * change (see catalog-events.ts and CatalogVersion) and after `ttlMs` at the latest, which
 * bounds how stale what nobody announces can get (stock sold by orders, sales counts).
 */

export type CachedBody = {
  etag: string;
  json: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  expiresAt: number;
};

export type Encoding = 'br' | 'gzip' | null;

type Options = { ttlMs: number; maxBytes: number; now?: () => number };

export class ResponseCache {
  private readonly entries = new Map<string, CachedBody>();
  private readonly inflight = new Map<string, Promise<CachedBody | null>>();
  private generation = 0;
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: Options) {
    this.now = options.now ?? Date.now;
  }

  /** Bumped by every invalidation: work started before it must not be cached after it. */
  get currentGeneration() {
    return this.generation;
  }

  get size() {
    return this.entries.size;
  }

  /**
   * The cached body for `key`, or the one `produce` makes (null: nothing to cache, e.g. 404).
   * Concurrent misses of one key share a single `produce` call.
   */
  async get(key: string, produce: () => Promise<unknown>): Promise<CachedBody | null> {
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.expiresAt > this.now()) return hit;
      this.remove(key);
    }
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = (async () => {
      const value = await produce();
      if (value === null || value === undefined) return null;
      const json = Buffer.from(JSON.stringify(value));
      const body: CachedBody = {
        etag: `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`,
        json,
        expiresAt: this.now() + this.options.ttlMs,
      };
      if (generation === this.generation) this.store(key, body);
      return body;
    })();
    this.inflight.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    }
  }

  /** The body in the best encoding the client accepts, compressed once and kept. */
  encoded(body: CachedBody, encoding: Encoding): Buffer {
    if (encoding === 'br') {
      if (!body.br) {
        body.br = zlib.brotliCompressSync(body.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
        this.bytes += body.br.length;
      }
      return body.br;
    }
    if (encoding === 'gzip') {
      if (!body.gzip) {
        body.gzip = zlib.gzipSync(body.json, { level: 6 });
        this.bytes += body.gzip.length;
      }
      return body.gzip;
    }
    return body.json;
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.inflight.clear();
    this.bytes = 0;
  }

  private store(key: string, body: CachedBody) {
    this.remove(key);
    this.entries.set(key, body);
    this.bytes += body.json.length;
    // Oldest first: Map keeps insertion order.
    for (const [oldKey] of this.entries) {
      if (this.bytes <= this.options.maxBytes || this.entries.size <= 1) break;
      this.remove(oldKey);
    }
  }

  private remove(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.json.length + (old.gzip?.length ?? 0) + (old.br?.length ?? 0);
  }
}

/** br, then gzip, from an Accept-Encoding header (q=0 means "not this one"). */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return null;
  let br = false;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}

/** Whether an If-None-Match header names this ETag (weak comparison, lists and `*` allowed). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
