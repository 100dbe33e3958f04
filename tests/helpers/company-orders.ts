import { expect } from 'vitest';
import type { Organization } from '#shared/organizations.ts';
import { TEST_SELLER_REQUISITES } from './seller-requisites.ts';
import type { TestContext } from './test-app.ts';

/** Real requisites with valid check digits (ПАО Сбербанк), a bank account included. */
export const SBERBANK = {
  name: 'ПАО Сбербанк',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
  bik: '044525225',
  account: '40702810938000000001',
  correspondentAccount: '30101810400000000225',
};

/** An organisation of the customer with this session, added through the API. */
export async function addOrganization(ctx: TestContext, cookie: string, fields: Partial<typeof SBERBANK> = {}): Promise<Organization> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie }, payload: { ...SBERBANK, ...fields } });
  expect(res.statusCode).toBe(201);
  return res.json() as Organization;
}

/** The shop's own requisites complete (settings «Реквизиты»), so that «Оплата по счёту» can be ordered. */
export async function setSellerRequisites(ctx: TestContext, adminCookie: string) {
  const res = await ctx.app.inject({ method: 'PUT', url: '/api/admin/settings/requisites', headers: { cookie: adminCookie }, payload: TEST_SELLER_REQUISITES });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().missing).toEqual([]);
}
