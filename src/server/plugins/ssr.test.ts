import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceSsr } from '../../../tests/helpers/ssr-source.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { createCustomer } from '../../../tests/helpers/customers.ts';
import { NONCE_PLACEHOLDER } from '../core/content-security-policy.ts';
import { fillTemplate, singleSlashPath } from './ssr.ts';

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('fillTemplate', () => {
  it("puts `$&`, `$'` and `` $` `` in as they are, and leaves no slot", () => {
    const template = '<head><!--app-head--></head><div><!--app-html--></div><!--app-state-->';
    const filled = fillTemplate(template, { head: "<title>$'</title>", html: '<p>$&amp; $` $$ $1</p>', state: '<script>1</script>', nonce: 'n' });
    expect(filled).toBe("<head><title>$'</title></head><div><p>$&amp; $` $$ $1</p></div><script>1</script>");
  });

  it('does not look for slots or the nonce placeholder in what it put in', () => {
    const filled = fillTemplate('<!--app-head-->|<!--app-html-->|<!--app-state-->', { head: '<!--app-html-->', html: NONCE_PLACEHOLDER, state: '', nonce: 'n' });
    expect(filled).toBe(`<!--app-html-->|${NONCE_PLACEHOLDER}|`);
  });

  it("puts the answer's nonce wherever the build wrote the placeholder", () => {
    const template = `<script nonce="${NONCE_PLACEHOLDER}" src="/a.js"></script><style nonce="${NONCE_PLACEHOLDER}"></style>`;
    expect(fillTemplate(template, { head: '', html: '', state: '', nonce: 'abc' })).toBe('<script nonce="abc" src="/a.js"></script><style nonce="abc"></style>');
  });
});

describe('singleSlashPath', () => {
  it.each([
    ['//', '/'],
    ['///products?query=дрель', '/products?query=дрель'],
    ['//evil.example/cart', '/evil.example/cart'],
    ['/\\evil.example', '/evil.example'],
    ['/\\/evil.example', '/evil.example'],
  ])('gives the single-slash path of one starting with slashes or a backslash, with its query: %s', (given, expected) => {
    expect(singleSlashPath(given)).toBe(expected);
  });

  it.each(['/', '/products//x', '/%2F%2Fevil.example'])('leaves every other path alone: %s', (given) => {
    expect(singleSlashPath(given)).toBeNull();
  });
});

describe('pages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { ssr: sourceSsr() });
  });
  afterAll(() => ctx.close());

  // What the visitor typed, and how the page's heading shows it (React escapes ' and &).
  const cases = [
    { typed: "$'", shown: '$&#x27;' },
    { typed: '$`', shown: '$`' },
    { typed: '$&', shown: '$&amp;' },
  ];

  it('sends a signed-in customer from /auth only to a path on this site, however `next` is disguised', async () => {
    const { cookie } = await createCustomer(ctx);
    for (const [next, location] of [
      ['/profile?tab=addresses', '/profile?tab=addresses'],
      ['/.//evil.example/x', '/'],
      ['/%2e//evil.example/x', '/'],
      ['/%5c/evil.example', '/'],
      ['/\\evil.example', '/'],
      ['//evil.example', '/'],
      ['https://evil.example/', '/'],
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/auth?next=${encodeURIComponent(next)}`, headers: { cookie } });
      expect(res.statusCode, next).toBe(302);
      expect(res.headers.location, next).toBe(location);
    }
  });

  it('sends a path starting with // to the single-slash path (301), never to another site', async () => {
    for (const [url, location] of [
      ['//', '/'],
      ['//products?query=x', '/products?query=x'],
      ['//evil.example/products', '/evil.example/products'],
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
  });

  it('shows «Товар не найден» with a 404 for a product address with a blank or overlong slug', async () => {
    for (const url of ['/product/%20', `/product/${'x'.repeat(1500)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url.slice(0, 20)).toBe(404);
      expect(res.body).toContain('<title>Товар не найден');
    }
  });

  for (const { typed, shown } of cases) {
    it(`renders one whole search page for ?query=${typed}`, async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/products?query=${encodeURIComponent(typed)}` });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      for (const slot of ['<!--app-head-->', '<!--app-html-->', '<!--app-state-->']) expect(occurrences(html, slot)).toBe(0);
      expect(occurrences(html, '<!doctype html>')).toBe(1);
      expect(occurrences(html, '<div id="root">')).toBe(1);
      expect(occurrences(html, `Результаты поиска: «${shown}»`)).toBe(1);
      expect(html).toContain(`name="query" value="${shown}"`);
    });
  }
});

describe('the security headers of pages and other answers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { ssr: sourceSsr() });
  });
  afterAll(() => ctx.close());

  const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];

  for (const url of ['/', '/products?query=дрель', '/admin']) {
    it(`${url}: a policy whose nonce every script of the page carries`, async () => {
      const res = await ctx.app.inject({ method: 'GET', url: encodeURI(url) });
      const policy = String(res.headers['content-security-policy']);
      const nonce = nonceOf(policy);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      // Every script that runs (JSON-LD is data) has the answer's nonce; nothing is left of the placeholder.
      const scripts = [...res.body.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(res.body).not.toContain(NONCE_PLACEHOLDER);
    });
  }

  it('gives every page answer a nonce of its own', async () => {
    const policies = await Promise.all([1, 2].map(() => ctx.app.inject({ method: 'GET', url: '/' })));
    expect(nonceOf(String(policies[0]!.headers['content-security-policy']))).not.toBe(nonceOf(String(policies[1]!.headers['content-security-policy'])));
  });

  for (const url of ['/', '/api/health', '/api/products']) {
    it(`${url}: Permissions-Policy and Cross-Origin-Opener-Policy; no HSTS over http`, async () => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  }

  it('an API answer has no page policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('the refused-address page runs nothing but its own stylesheet', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/products/%FF' });
    expect(res.statusCode).toBe(400);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'none'; style-src 'sha256-[^']+'/);
    expect(res.body).not.toMatch(/\sstyle=/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('a shop served over https', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'https://shop.test' }, { ssr: sourceSsr() });
  });
  afterAll(() => ctx.close());

  for (const url of ['/', '/api/health', '/products/%FF']) {
    it(`${url}: Strict-Transport-Security for a year, subdomains included`, async () => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });
  }
});
