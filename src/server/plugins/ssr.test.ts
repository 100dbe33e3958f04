import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceSsr } from '../../../tests/helpers/ssr-source.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { fillTemplate } from './ssr.ts';

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

describe('search pages with replacement patterns in the text', () => {
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

  for (const { typed, shown } of cases) {
    it(`renders one whole page for ?query=${typed}`, async () => {
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
