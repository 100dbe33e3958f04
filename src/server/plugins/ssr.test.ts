import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceSsr } from '../../../tests/helpers/ssr-source.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { fillTemplate, singleSlashPath } from './ssr.ts';

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('fillTemplate', () => {
  it("puts `$&`, `$'` and `` $` `` in as they are, and leaves no slot", () => {
    const template = '<head><!--app-head--></head><div><!--app-html--></div><!--app-state-->';
    const filled = fillTemplate(template, { head: "<title>$'</title>", html: '<p>$&amp; $` $$ $1</p>', state: '<script>1</script>' });
    expect(filled).toBe("<head><title>$'</title></head><div><p>$&amp; $` $$ $1</p></div><script>1</script>");
  });

  it('does not look for slots in what it put in', () => {
    const filled = fillTemplate('<!--app-head-->|<!--app-html-->|<!--app-state-->', { head: '<!--app-html-->', html: 'x', state: '' });
    expect(filled).toBe('<!--app-html-->|x|');
  });
});

describe('singleSlashPath', () => {
  it('gives the single-slash path of one starting with slashes or a backslash, with its query', () => {
    expect(singleSlashPath('//')).toBe('/');
    expect(singleSlashPath('///products?query=дрель')).toBe('/products?query=дрель');
    expect(singleSlashPath('//evil.example/cart')).toBe('/evil.example/cart');
    expect(singleSlashPath('/\\evil.example')).toBe('/evil.example');
    expect(singleSlashPath('/\\/evil.example')).toBe('/evil.example');
  });

  it('leaves every other path alone', () => {
    expect(singleSlashPath('/')).toBeNull();
    expect(singleSlashPath('/products//x')).toBeNull();
    expect(singleSlashPath('/%2F%2Fevil.example')).toBeNull();
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
