import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type TestCustomer } from '../../../tests/helpers/customers.ts';
import { createAdminTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';

let ctx: TestContext;
let admin: string;
let customer: TestCustomer;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  customer = await createCustomer(ctx);
});
afterAll(() => ctx.close());

describe('a value the database cannot hold', () => {
  // PostgreSQL refuses them with SQLSTATE class 22 ('data exception'): int4 ends at 2147483647.
  const beyondInt4 = [
    ['PATCH', '/api/addresses/2147483648', 'customer'],
    ['DELETE', '/api/addresses/2147483648', 'customer'],
    ['GET', '/api/admin/users/2147483648', 'admin'],
    ['PATCH', '/api/categories/2147483648', 'admin'],
    ['POST', '/api/admin/jobs/4294967296/stop', 'admin'],
    ['GET', '/api/admin/supplier-imports/2147483648/rows', 'admin'],
  ] as const;

  for (const [method, url, who] of beyondInt4) {
    it(`answers 400 «Некорректное значение» to ${method} ${url}`, async () => {
      const res = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {}, headers: { cookie: who === 'admin' ? admin : customer.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Некорректное значение' });
    });
  }
});
