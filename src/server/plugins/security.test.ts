import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const logout = (headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/api/logout', headers });

describe('state-changing calls from another site (POST /api/logout)', () => {
  const foreign: Record<string, string>[] = [
    { origin: 'null' },
    { origin: 'not a url' },
    { origin: 'http://' },
    { origin: 'file:///etc/passwd' },
    { origin: 'https://evil.example' },
    { referer: 'null' },
    { referer: '::::' },
    { referer: 'https://evil.example/shop.test' },
    // An Origin of its own wins over a Referer that looks like ours.
    { origin: 'null', referer: 'http://shop.test/profile' },
  ];
  for (const headers of foreign) {
    it(`answers 403 to ${JSON.stringify(headers)}`, async () => {
      const res = await logout(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Запрос с чужого сайта отклонён' });
    });
  }

  // PUBLIC_URL is http://shop.test; app.inject sends `Host: localhost:80`.
  const own: Record<string, string>[] = [
    {},
    { origin: 'http://shop.test' },
    { referer: 'http://shop.test/profile?tab=orders' },
    { origin: 'http://localhost' },
    { origin: 'http://localhost:3000', host: 'localhost:3000' },
  ];
  for (const headers of own) {
    it(`lets ${JSON.stringify(headers)} through`, async () => {
      const res = await logout(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Выход выполнен' });
    });
  }
});

describe('the API docs page (Swagger UI)', () => {
  it('has a policy that runs only its own scripts and styles, and frames nowhere', async () => {
    for (const url of ['/api/docs/', '/api/docs/static/swagger-initializer.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const policy = String(res.headers['content-security-policy']);
      expect(policy, url).toContain("script-src 'self';");
      expect(policy, url).toMatch(/style-src 'self' 'sha256-[^']+';/);
      expect(policy, url).toContain("object-src 'none'");
      expect(policy, url).toContain("frame-ancestors 'none'");
      expect(policy, url).not.toContain('unsafe-eval');
    }
  });
});
