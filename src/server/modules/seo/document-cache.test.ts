import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createClock } from '../../../../tests/helpers/test-app.ts';
import { createDocumentCache } from './document-cache.ts';

async function* chunks(...parts: string[]) {
  for (const p of parts) yield p;
}
const text = (doc: { gzip: Buffer } | null) => (doc ? zlib.gunzipSync(doc.gzip).toString('utf8') : null);
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

function setup(waitForRebuildMs = 1000) {
  const clock = createClock(new Date('2026-11-01T10:00:00Z'));
  let version = 'v1';
  let reads = 0;
  let builds = 0;
  const cache = createDocumentCache({
    now: clock.now,
    fingerprint: async () => {
      reads++;
      return version;
    },
    waitForRebuildMs,
  });
  const build = (body: () => string, gate?: Promise<void>) => async () => {
    builds++;
    await gate;
    return chunks('<a>', body(), '</a>');
  };
  return {
    cache,
    clock,
    build,
    setVersion: (v: string) => (version = v),
    counts: () => ({ reads, builds }),
  };
}

describe('document cache', () => {
  it('builds once, gzips the document and gives it an ETag that changes with the content', async () => {
    const t = setup();
    const first = await t.cache.get('doc', t.build(() => 'one'));
    const second = await t.cache.get('doc', t.build(() => 'two'));
    expect(text(first)).toBe('<a>one</a>');
    expect(second).toBe(first);
    expect(t.counts()).toEqual({ reads: 1, builds: 1 });

    t.setVersion('v2');
    t.cache.invalidate();
    const third = await t.cache.get('doc', t.build(() => 'three'));
    expect(text(third)).toBe('<a>three</a>');
    expect(third!.etag).not.toBe(first!.etag);
  });

  it('trusts the fingerprint for a minute, then reads it again', async () => {
    const t = setup();
    await t.cache.get('doc', t.build(() => 'one'));
    t.setVersion('v2');
    expect(text(await t.cache.get('doc', t.build(() => 'two')))).toBe('<a>one</a>');
    t.clock.advance(60_001);
    expect(text(await t.cache.get('doc', t.build(() => 'two')))).toBe('<a>two</a>');
    expect(t.counts().reads).toBe(2);
  });

  it('rebuilds an hour-old document even when nothing seems to have changed', async () => {
    const t = setup();
    await t.cache.get('doc', t.build(() => 'one'));
    t.clock.advance(61 * 60_000);
    expect(text(await t.cache.get('doc', t.build(() => 'again')))).toBe('<a>again</a>');
  });

  it('makes concurrent requests share one build', async () => {
    const t = setup();
    const gate = deferred();
    const a = t.cache.get('doc', t.build(() => 'one', gate.promise));
    const b = t.cache.get('doc', t.build(() => 'other', gate.promise));
    gate.resolve();
    const [da, db] = await Promise.all([a, b]);
    expect(da).toBe(db);
    expect(t.counts().builds).toBe(1);
  });

  it('serves the previous version while a slow rebuild finishes in the background', async () => {
    const t = setup(20);
    await t.cache.get('doc', t.build(() => 'old'));
    t.setVersion('v2');
    t.cache.invalidate();
    const gate = deferred();
    expect(text(await t.cache.get('doc', t.build(() => 'new', gate.promise)))).toBe('<a>old</a>');
    gate.resolve();
    // The rebuild ends in the background, however busy the machine; a read meanwhile joins it, never starts another.
    await vi.waitFor(async () => expect(text(await t.cache.get('doc', t.build(() => 'never')))).toBe('<a>new</a>'), { timeout: 10_000 });
    expect(t.counts().builds).toBe(2);
  });

  it('answers null for a document that does not exist', async () => {
    const t = setup();
    expect(await t.cache.get('missing', async () => null)).toBeNull();
  });
});
