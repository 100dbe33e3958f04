import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newNonce, pagePolicy, staticPagePolicy } from './content-security-policy.ts';

/** The policy as directive name → its sources. */
const directives = (policy: string) =>
  new Map(policy.split('; ').map((part) => {
    const [name, ...sources] = part.split(' ');
    return [name!, sources];
  }));

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('pagePolicy', () => {
  const nonce = newNonce();
  const policy = directives(pagePolicy(nonce));

  it('runs only scripts with the nonce and what they load, never strings as code', () => {
    expect(policy.get('script-src')).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", 'https:']);
    expect(pagePolicy(nonce)).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('takes stylesheets by nonce and allows style attributes only', () => {
    expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
  });

  it('forbids plugins, foreign base addresses and framing', () => {
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('lets the counters send their hits to Yandex Metrika and Google Analytics', () => {
    for (const origin of ['https://mc.yandex.ru', 'https://*.google-analytics.com']) {
      expect(policy.get('connect-src')).toContain(origin);
      expect(policy.get('img-src')).toContain(origin);
    }
    expect(policy.get('connect-src')?.[0]).toBe("'self'");
  });

  it('takes pictures from the object storage only when pictures live there', () => {
    expect(policy.get('img-src')).not.toContain('https://storage.yandexcloud.net');
    const withBucket = directives(pagePolicy(nonce, ['https://storage.yandexcloud.net']));
    expect(withBucket.get('img-src')).toContain('https://storage.yandexcloud.net');
    expect(withBucket.get('connect-src')).not.toContain('https://storage.yandexcloud.net');
  });

  it('is new for every answer', () => {
    expect(newNonce()).not.toBe(newNonce());
    expect(Buffer.from(newNonce(), 'base64')).toHaveLength(16);
  });
});

describe('staticPagePolicy', () => {
  it('allows exactly the inline script and stylesheet of the page, by hash', () => {
    const html = '<html><head><style>p{color:red}</style></head><body><p>x</p><script>console.log(1)</script><script src="/a.js"></script></body></html>';
    const policy = directives(staticPagePolicy(html));
    expect(policy.get('script-src')).toEqual([hash('console.log(1)')]);
    expect(policy.get('style-src')).toEqual([hash('p{color:red}')]);
    expect(policy.has('style-src-attr')).toBe(false);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('runs nothing on a page without inline parts', () => {
    const policy = directives(staticPagePolicy('<p>Нет подключения</p>'));
    expect(policy.get('script-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'none'"]);
  });

  it('covers the offline page, which has no inline event handlers', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../../public/offline.html'), 'utf8');
    const policy = directives(staticPagePolicy(html));
    expect(policy.get('script-src')).toHaveLength(1);
    expect(policy.get('style-src')).toHaveLength(1);
    expect(html).not.toMatch(/\son[a-z]+=/);
    expect(html).not.toMatch(/\sstyle=/);
  });
});
