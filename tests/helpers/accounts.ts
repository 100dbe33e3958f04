import { expect } from 'vitest';
import type { TestContext } from './test-app.ts';

let counter = 0;

/** A unique customer for a test: its name, e-mail and a password that passes the policy. */
export function newCustomer(prefix = 'buyer') {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  return { username: id, email: `${id}@example.ru`, password: `Stanok-${id}-42` };
}

/** A distinct client address per call, so tests do not share rate-limit windows by accident. */
export const someAddress = () => `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;

export const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'sid');
  return c ? `sid=${c.value}` : undefined;
};

/** Registers a customer (with consent) and returns their data and session cookie. */
export async function registerCustomer(ctx: TestContext, prefix?: string) {
  const customer = newCustomer(prefix);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { ...customer, consent: true },
    remoteAddress: someAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...customer, id: res.json().id as number, cookie: cookieOf(res)! };
}

export type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };

/** The call with this session's cookie, or with none. */
export const callAs = (ctx: TestContext, cookie: string | null, call: Call) => ctx.app.inject({ ...call, headers: cookie ? { cookie } : {} });

/** Logs in from an address of its own. */
export const loginCall = (ctx: TestContext, username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: someAddress() });

/** After a change of password: the old one is refused at login, the new one lets in. */
export async function expectPasswordReplaced(ctx: TestContext, username: string, old: string, replacement: string) {
  expect((await loginCall(ctx, username, old)).statusCode).toBe(401);
  expect((await loginCall(ctx, username, replacement)).statusCode).toBe(200);
}

/** Uses the session every `stepMs` of the clock, `times` times, each time still valid; how long that took. */
export async function useSessionEvery(ctx: TestContext, cookie: string, stepMs: number, times: number): Promise<number> {
  for (let use = 1; use <= times; use++) {
    ctx.clock.advance(stepMs);
    expect((await callAs(ctx, cookie, { method: 'GET', url: '/api/user' })).statusCode, `use ${use}`).toBe(200);
  }
  return stepMs * times;
}

/** Each of the calls, without a session, answers 401 «Требуется вход в систему». */
export async function expectLoginNeeded(ctx: TestContext, calls: Call[]) {
  for (const call of calls) {
    const res = await ctx.app.inject(call);
    expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    expect(res.json().message).toBe('Требуется вход в систему');
  }
}

/** Listing, adding, changing and deleting (number 1) the objects at this address. */
export const objectCalls = (url: string, created: object, patch: object): Call[] => [
  { method: 'GET', url },
  { method: 'POST', url, payload: created },
  { method: 'PATCH', url: `${url}/1`, payload: patch },
  { method: 'DELETE', url: `${url}/1` },
];
