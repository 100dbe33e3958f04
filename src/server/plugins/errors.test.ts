import { beforeAll, describe, expect, it } from 'vitest';
import { adminShopForFile } from '../../../tests/helpers/file-app.ts';
import { createCustomer, type TestCustomer } from '../../../tests/helpers/customers.ts';

const shop = adminShopForFile();
let customer: TestCustomer;

beforeAll(async () => {
  customer = await createCustomer(shop.ctx);
});

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
      const res = await shop.ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {}, headers: { cookie: who === 'admin' ? shop.admin : customer.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Некорректное значение' });
    });
  }
});

describe('a field named like a property every object has', () => {
  // The fuzzer found it: the messages were kept in a plain object, whose `constructor` is a function
  // (`__proto__` never gets this far: the JSON parser refuses it).
  for (const field of ['constructor', 'toString', 'hasOwnProperty']) {
    it(`answers 400 with the field's own message when «${field}» has the wrong type`, async () => {
      const res = await shop.ctx.app.inject({
        method: 'POST',
        url: '/api/products/1/reviews/form',
        headers: { cookie: customer.cookie, 'content-type': 'application/json' },
        payload: `{"${field}": ["x"]}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Неверный ввод: ожидалось string, получено массив',
        errors: { [field]: ['Неверный ввод: ожидалось string, получено массив'] },
      });
    });
  }
});
