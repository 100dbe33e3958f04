import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

export type CachedDocument = {
  /** The document gzipped: at 100 000 products the YML feed is ~150 MB of text and ~10 MB gzipped. */
  gzip: Buffer;
  etag: string;
  builtAt: Date;
};

type Entry = { fingerprint: string; doc: CachedDocument };

export type DocumentCacheOptions = {
  now: () => Date;
  /** The summary of the data a document is made of; a new value means the documents are stale. */
  fingerprint: () => Promise<string>;
  /** How long a fingerprint is trusted before it is read again (the answers' max-age is longer). */
  checkEveryMs?: number;
  /** A document is rebuilt after this long even when the fingerprint did not change. */
  maxAgeMs?: number;
  /**
   * A rebuild that takes longer than this (the full feed at 100 000 products) finishes in the
   * background while the previous version is served; small catalogues always get the fresh one.
   */
  waitForRebuildMs?: number;
};

async function gzipChunks(chunks: AsyncIterable<string>): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks, { objectMode: false }), zlib.createGzip({ level: 6 }), async (gzipped: AsyncIterable<Buffer>) => {
    for await (const b of gzipped) out.push(b);
  });
  return Buffer.concat(out);
}

/**
 * Large generated documents (sitemaps, the market feed) built once per catalogue change and kept
 * gzipped in this process's memory. Each process keeps its own copy (nothing another process
 * needs); concurrent requests for a document being built wait for the same build.
 */
export function createDocumentCache(options: DocumentCacheOptions) {
  const checkEveryMs = options.checkEveryMs ?? 60_000;
  const maxAgeMs = options.maxAgeMs ?? 60 * 60_000;
  const waitForRebuildMs = options.waitForRebuildMs ?? 3000;
  let known: { value: string; at: number } | null = null;
  let reading: Promise<string> | null = null;
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry>>();

  async function currentFingerprint(): Promise<string> {
    const now = options.now().getTime();
    if (known && now - known.at < checkEveryMs) return known.value;
    reading ??= options.fingerprint().finally(() => (reading = null));
    const value = await reading;
    known = { value, at: options.now().getTime() };
    return value;
  }

  return {
    /**
     * The document `key`, from the cache when the data has not changed since it was built.
     * `build` returns null when there is no such document (a sitemap part past the end).
     */
    async get(key: string, build: () => Promise<AsyncIterable<string> | null>): Promise<CachedDocument | null> {
      const fingerprint = await currentFingerprint();
      const cached = entries.get(key);
      const fresh = cached && cached.fingerprint === fingerprint && options.now().getTime() - cached.doc.builtAt.getTime() < maxAgeMs;
      if (fresh) return cached.doc;
      const pendingKey = `${key}\n${fingerprint}`;
      let pending = building.get(pendingKey);
      if (!pending) {
        pending = (async () => {
          const chunks = await build();
          if (!chunks) throw new MissingDocument();
          const gzip = await gzipChunks(chunks);
          const etag = `"${createHash('sha1').update(key).update(fingerprint).update(gzip).digest('base64url').slice(0, 27)}"`;
          const entry = { fingerprint, doc: { gzip, etag, builtAt: options.now() } };
          entries.set(key, entry);
          return entry;
        })().finally(() => building.delete(pendingKey));
        building.set(pendingKey, pending);
      }
      try {
        if (!cached) return (await pending).doc;
        // Keep the background build's failure from going unhandled; the next request retries it.
        pending.catch(() => undefined);
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, waitForRebuildMs, null)));
        const entry = await Promise.race([pending, late]).finally(() => clearTimeout(timer));
        return (entry ?? cached).doc;
      } catch (error) {
        if (error instanceof MissingDocument) {
          entries.delete(key);
          return null;
        }
        throw error;
      }
    },
    /** The data changed (in this process): read the fingerprint again on the next request. */
    invalidate() {
      known = null;
    },
  };
}

class MissingDocument extends Error {}
