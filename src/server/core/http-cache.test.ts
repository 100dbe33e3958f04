import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ResponseCache, etagMatches, pickEncoding } from './http-cache.ts';

describe('ResponseCache', () => {
  it('serialises once and shares one computation between concurrent misses', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let calls = 0;
    const produce = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 10));
      return { ok: true };
    };
    const [a, b] = await Promise.all([cache.get('k', produce), cache.get('k', produce)]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(a!.json.toString()).toBe('{"ok":true}');
    expect(await cache.get('k', produce)).toBe(a);
    expect(calls).toBe(1);
  });

  it('does not keep what was computed before an invalidation, nor nulls', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    let release!: () => void;
    const slow = cache.get('k', () => new Promise((r) => (release = () => r({ old: true }))));
    cache.invalidate();
    release();
    expect((await slow)!.json.toString()).toBe('{"old":true}');
    expect((await cache.get('k', async () => ({ fresh: true })))!.json.toString()).toBe('{"fresh":true}');
    expect(await cache.get('missing', async () => null)).toBeNull();
    expect(cache.size).toBe(1);
  });

  it('drops only the answers showing a dropped tag, and does not keep one being made that shows it', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    const tagsOf = (value: { shows: string[] }) => value.shows;
    await cache.get('drill', async () => ({ shows: ['p1'] }), tagsOf);
    await cache.get('saw', async () => ({ shows: ['p2'] }), tagsOf);
    let release!: () => void;
    const slow = cache.get('list', () => new Promise<{ shows: string[] }>((r) => (release = () => r({ shows: ['p1', 'p3'] }))), tagsOf);
    cache.drop(['p1']);
    release();
    await slow;
    expect(cache.size).toBe(1);
    let made = 0;
    const again = (key: string, shows: string[]) =>
      cache.get(
        key,
        async () => {
          made++;
          return { shows };
        },
        tagsOf,
      );
    await again('saw', ['p2']);
    expect(made).toBe(0);
    await again('drill', ['p1']);
    await again('list', ['p1', 'p3']);
    expect(made).toBe(2);
    expect(cache.size).toBe(3);
  });

  it('keeps its answers but not those being made when told what they read was not current', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    await cache.get('kept', async () => ({ kept: true }));
    let release!: () => void;
    const slow = cache.get('lagging', () => new Promise((r) => (release = () => r({ lagging: true }))));
    cache.discardPending();
    release();
    expect((await slow)!.json.toString()).toBe('{"lagging":true}');
    expect(cache.size).toBe(1);
    expect((await cache.get('lagging', async () => ({ current: true })))!.json.toString()).toBe('{"current":true}');
    expect((await cache.get('kept', async () => ({ kept: false })))!.json.toString()).toBe('{"kept":true}');
  });

  it('expires entries after the TTL and evicts the oldest beyond the size limit', async () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 100, maxBytes: 50, now: () => now });
    await cache.get('a', async () => 'x'.repeat(20));
    await cache.get('b', async () => 'y'.repeat(20));
    expect(cache.size).toBe(2);
    await cache.get('c', async () => 'z'.repeat(20));
    expect(cache.size).toBe(2);
    now = 200;
    let recomputed = false;
    await cache.get('c', async () => ((recomputed = true), 'z'));
    expect(recomputed).toBe(true);
  });

  it('compresses once per encoding and answers 304 to a client that has the body', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxBytes: 1_000_000 });
    const body = (await cache.get('k', async () => ({ text: 'дрель '.repeat(500) })))!;
    const ask = (acceptEncoding?: string, ifNoneMatch?: string) => cache.answer(body, { acceptEncoding, ifNoneMatch });
    const gz = ask('gzip');
    expect(ask('gzip, deflate')).toBe(gz);
    expect(gz).toMatchObject({ status: 200, headers: { 'content-encoding': 'gzip', 'content-length': gz.payload!.length, etag: body.etag } });
    expect(JSON.parse(zlib.gunzipSync(gz.payload!).toString())).toEqual({ text: 'дрель '.repeat(500) });
    expect(zlib.brotliDecompressSync(ask('gzip, br').payload!).toString()).toBe(body.json.toString());
    expect(ask().payload).toBe(body.json);
    expect(ask().headers).not.toHaveProperty('content-encoding');
    expect(ask('br', body.etag)).toMatchObject({ status: 304, payload: null, headers: { etag: body.etag } });
  });
});

describe('headers', () => {
  it('prefers br, then gzip, and respects q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('picks gzip or nothing for an answer kept in gzip only', () => {
    expect(pickEncoding('gzip, deflate, br', false)).toBe('gzip');
    expect(pickEncoding('br', false)).toBeNull();
    expect(pickEncoding('br, gzip;q=0', false)).toBeNull();
    expect(pickEncoding('*', false)).toBe('gzip');
  });

  it('matches ETags weakly, in lists and with *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});
