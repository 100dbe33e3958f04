import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { SECURITY_HEADERS } from './security-headers.ts';

/**
 * Public answers kept serialised and compressed (the catalogue's): a cached page costs a hash
 * lookup and a socket write, not a database query and a JSON.stringify. The owner drops them all
 * on a change that may touch any (`invalidate`), or those tagged with what changed (`drop`: the
 * owner names what each answer shows), and they expire after `ttlMs` at the latest, which bounds
 * how stale what nobody announces can get (an order's sales count in other lists' order).
 */

/**
 * A whole answer: status, every header and the payload, built once and sent as it is. The headers
 * object is frozen and reused: node only reads it, and a reused object of one shape is markedly
 * cheaper to write out than a fresh one per request.
 */
export type PreparedAnswer = { status: 200 | 304; headers: Readonly<Record<string, string | number>>; payload: Buffer | null };

export type CachedBody = {
  etag: string;
  json: Buffer;
  expiresAt: number;
  /** What the answer shows, in the owner's words: `drop` with one of them drops the answer. */
  tags: readonly string[];
  /** The answers built so far: one per encoding sent, and the 304. */
  answers: { br?: PreparedAnswer; gzip?: PreparedAnswer; identity?: PreparedAnswer; notModified?: PreparedAnswer };
};

export type Encoding = 'br' | 'gzip' | null;

type Options = {
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
  /** Told of every lookup, found or not (the /metrics figures). */
  onLookup?: (hit: boolean) => void;
};

/** Browsers and proxies may keep a public cached answer this long. */
const PUBLIC_CACHE_CONTROL = 'public, max-age=30';
/** Distinct request URLs remembered for the front door (see plugins/front-door.ts) per cache. */
const MAX_REMEMBERED_URLS = 20_000;

export class ResponseCache {
  private readonly entries = new Map<string, CachedBody>();
  private readonly inflight = new Map<string, Promise<CachedBody | null>>();
  /** Exact request URLs (path and query) answered from this cache, to their entry's key. */
  private readonly urls = new Map<string, string>();
  /** The keys of the entries showing each tag. */
  private readonly tagged = new Map<string, Set<string>>();
  private generation = 0;
  private bytes = 0;
  private readonly now: () => number;
  /**
   * Drops numbered in order, so an answer being made knows which came after it started: each
   * tag's last drop while answers were being made, and the last drop of everything being made.
   */
  private drops = 0;
  private readonly droppedAt = new Map<string, number>();
  private discardedAt = 0;
  private producing = 0;

  constructor(private readonly options: Options) {
    this.now = options.now ?? Date.now;
  }

  /** Bumped by every invalidation: what the owner derived before it must not be reused after it. */
  get currentGeneration() {
    return this.generation;
  }

  get size() {
    return this.entries.size;
  }

  /**
   * The cached body for `key`, or the one `produce` makes (null: nothing to cache, e.g. 404),
   * kept with the tags `tagsOf` gives it unless a drop since `produce` started covers it.
   * Concurrent misses of one key share a single `produce` call.
   */
  async get<T>(key: string, produce: () => Promise<T>, tagsOf: (value: NonNullable<T>) => readonly string[] = () => []): Promise<CachedBody | null> {
    const hit = this.entries.get(key);
    if (hit) {
      if (hit.expiresAt > this.now()) {
        this.options.onLookup?.(true);
        return hit;
      }
      this.remove(key);
    }
    this.options.onLookup?.(false);
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const started = this.drops;
    this.producing++;
    const promise = (async () => {
      try {
        const value = await produce();
        if (value === null || value === undefined) return null;
        const json = Buffer.from(JSON.stringify(value));
        const body: CachedBody = {
          etag: `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`,
          json,
          expiresAt: this.now() + this.options.ttlMs,
          tags: tagsOf(value),
          answers: {},
        };
        if (!this.droppedSince(started, body.tags)) this.store(key, body);
        return body;
      } finally {
        // Nothing is being made: no drop can concern an answer any more.
        if (--this.producing === 0) this.droppedAt.clear();
      }
    })();
    this.inflight.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    }
  }

  /**
   * Records that the request URL `url` was answered from the entry under `key`: the same URL may
   * then be answered from the cache before any routing or validation (plugins/front-door.ts).
   * Only for answers that depend on the URL alone, never on who asks.
   */
  rememberUrl(url: string, key: string) {
    if (this.urls.get(url) === key) return;
    if (this.urls.size >= MAX_REMEMBERED_URLS) this.urls.delete(this.urls.keys().next().value!);
    this.urls.set(url, key);
  }

  /** The live entry a remembered URL is answered with, or null (never seen, changed since, expired). */
  forUrl(url: string): CachedBody | null {
    const key = this.urls.get(url);
    if (key === undefined) return null;
    const hit = this.entries.get(key);
    if (!hit || hit.expiresAt <= this.now()) return null;
    // A miss here goes on to the full path, whose `get` counts it.
    this.options.onLookup?.(true);
    return hit;
  }

  /**
   * The answer to a request for `body`: 304 when the client already has it, else the body in the
   * best encoding the client accepts, compressed once and kept. One rule for the route handlers
   * and the front door.
   */
  answer(body: CachedBody, request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined }): PreparedAnswer {
    if (etagMatches(request.ifNoneMatch, body.etag)) return (body.answers.notModified ??= prepare(body, 304, null, null));
    const encoding = pickEncoding(request.acceptEncoding);
    const kind = encoding ?? 'identity';
    let answer = body.answers[kind];
    if (!answer) {
      const payload = compress(body.json, encoding);
      if (encoding) this.bytes += payload.length;
      answer = body.answers[kind] = prepare(body, 200, encoding, payload);
    }
    return answer;
  }

  /** Drops every answer, kept or being made. */
  invalidate() {
    this.generation++;
    this.discardPending();
    this.entries.clear();
    this.urls.clear();
    this.tagged.clear();
    this.bytes = 0;
  }

  /**
   * Drops the answers showing any of `tags`, kept or being made (one being made is sent but not
   * kept if it shows one of them; a request from now on makes its own).
   */
  drop(tags: readonly string[]) {
    const at = ++this.drops;
    for (const tag of tags) {
      if (this.producing > 0) this.droppedAt.set(tag, at);
      for (const key of this.tagged.get(tag) ?? []) this.remove(key);
    }
    this.inflight.clear();
  }

  /** The answers being made now are sent but not kept (what they read was not current); kept ones stay. */
  discardPending() {
    this.discardedAt = ++this.drops;
    this.inflight.clear();
  }

  private droppedSince(started: number, tags: readonly string[]): boolean {
    return this.discardedAt > started || tags.some((tag) => (this.droppedAt.get(tag) ?? 0) > started);
  }

  private store(key: string, body: CachedBody) {
    this.remove(key);
    this.entries.set(key, body);
    for (const tag of body.tags) {
      const keys = this.tagged.get(tag);
      if (keys) keys.add(key);
      else this.tagged.set(tag, new Set([key]));
    }
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
    for (const tag of old.tags) {
      const keys = this.tagged.get(tag)!;
      keys.delete(key);
      if (keys.size === 0) this.tagged.delete(tag);
    }
    this.bytes -= old.json.length + (old.answers.gzip?.payload?.length ?? 0) + (old.answers.br?.payload?.length ?? 0);
  }
}

/**
 * br (unless the answer comes in gzip only: `offerBr` false), then gzip, from an Accept-Encoding
 * header (q=0 means "not this one").
 */
export function pickEncoding(header: string | undefined, offerBr = true): Encoding {
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
  return br && offerBr ? 'br' : gzip ? 'gzip' : null;
}

/** Whether an If-None-Match header names this ETag (weak comparison, lists and `*` allowed). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

function compress(json: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return zlib.gzipSync(json, { level: 6 });
  return json;
}

function prepare(body: CachedBody, status: 200 | 304, encoding: Encoding, payload: Buffer | null): PreparedAnswer {
  const headers: Record<string, string | number> = { 'cache-control': PUBLIC_CACHE_CONTROL, etag: body.etag, vary: 'Accept-Encoding' };
  if (payload) {
    headers['content-type'] = 'application/json; charset=utf-8';
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = payload.length;
  }
  return { status, headers: Object.freeze({ ...headers, ...SECURITY_HEADERS }), payload };
}
