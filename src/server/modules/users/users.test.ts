import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { orders, sessions, users } from '#server/db/schema.ts';
import type { AdminCustomerCard, AdminUser } from '#shared/types.ts';
import { insertOrder } from '../../../../tests/helpers/orders.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { createCustomer } from '../../../../tests/helpers/customers.ts';
import { TEST_ADMIN } from '../../../../tests/helpers/test-config.ts';
import { LAST_ADMIN, setUserActive, updateUser } from './service.ts';
import { expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
let admin: string;
let adminId: number;

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, cookie = admin) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

let seq = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++seq}`;

async function create(body: Record<string, unknown>): Promise<AdminUser> {
  const res = await inject('POST', '/api/admin/users', { password: 'Pila-DCK-2026', role: 'user', isActive: true, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const whoAmI = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode;
const loginStatus = async (username: string, password: string) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } })).statusCode;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = row!.id;
});
afterAll(() => ctx.close());

describe('access', () => {
  it('is for administrators only: managers and customers get 403, visitors 401', async () => {
    const manager = await createCustomer(ctx, 'manager');
    const customer = await createCustomer(ctx, 'user');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    expect((await inject('GET', '/api/admin/users', undefined, manager.cookie)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/users', undefined, customer.cookie)).statusCode).toBe(403);
    expect((await inject('POST', '/api/admin/users', { username: 'hacker', password: 'x' }, manager.cookie)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/users', () => {
  it("refuses a bad form with the spec's Russian messages per field", async () => {
    const res = await inject('POST', '/api/admin/users', { username: 'ab', email: 'не почта', password: '123', role: 'user' });
    expectSomeFieldErrors(res, {
      username: ['Логин должен содержать не менее 3 символов'],
      email: ['Укажите правильный email'],
      password: ['Пароль должен содержать не менее 8 символов'],
    });
    const role = await inject('POST', '/api/admin/users', { username: 'good_name', password: 'Pila-DCK-2026', role: 'owner' });
    expect(role.json().errors.role).toEqual(['Выберите роль']);
  });

  it('refuses a common password like registration does', async () => {
    const res = await inject('POST', '/api/admin/users', { username: unique('simple'), password: 'qwerty123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toEqual(['Этот пароль слишком простой, выберите другой']);
  });

  it('creates a user who can log in; the password is stored hashed and never returned', async () => {
    const username = unique('Ivan');
    const user = await create({ username, email: `${username}@Example.ru`, fullName: 'Иван Иванов', phone: '+7 900 111-22-33', address: 'Волгоград', role: 'manager' });
    expect(user).toMatchObject({ username, email: `${username}@Example.ru`, role: 'manager', isActive: true, fullName: 'Иван Иванов', lastLogin: null });
    expect(user).not.toHaveProperty('passwordHash');
    expect(new Date(user.createdAt).getTime()).toBe(ctx.clock.now().getTime());
    const [row] = await ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
    expect(await loginStatus(username, 'Pila-DCK-2026')).toBe(200);
  });

  it('keeps a user without e-mail (empty means none)', async () => {
    const user = await create({ username: unique('noemail'), email: '', fullName: '' });
    expect(user.email).toBeNull();
    expect(user.fullName).toBeNull();
  });

  it('keeps logins and e-mails unique whatever their case, with Russian messages', async () => {
    const username = unique('Petr');
    await create({ username, email: `${username}@example.ru` });
    const sameName = await inject('POST', '/api/admin/users', { username: username.toUpperCase(), password: 'Pila-DCK-2026' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('Пользователь с таким логином уже существует');
    const sameEmail = await inject('POST', '/api/admin/users', { username: unique('other'), email: `${username.toUpperCase()}@EXAMPLE.RU`, password: 'Pila-DCK-2026' });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('Пользователь с таким email уже существует');
  });
});

describe('GET /api/admin/users', () => {
  it('searches login, name and e-mail; filters role and status; pages with the total', async () => {
    const tag = unique('zubr');
    for (let i = 1; i <= 12; i++) {
      await create({ username: `${tag}_${i}`, email: `${tag}_${i}@example.ru`, role: i <= 3 ? 'manager' : 'user', isActive: i % 4 !== 0 });
      ctx.clock.advance(1000);
    }
    await create({ username: unique('named'), fullName: `Савелий ${tag.toUpperCase()}` });

    const get = async (q: string) => (await inject('GET', `/api/admin/users?${q}`)).json() as { users: AdminUser[]; total: number };
    const all = await get(`query=${tag}`);
    expect(all.total).toBe(13);
    expect(all.users).toHaveLength(10);
    expect(all.users[0]!.fullName).toBe(`Савелий ${tag.toUpperCase()}`); // newest first
    const page2 = await get(`query=${tag}&page=2&limit=10`);
    expect(page2.users).toHaveLength(3);
    expect(page2.users.at(-1)!.username).toBe(`${tag}_1`);
    expect((await get(`query=${tag}_7@EXAMPLE`)).users.map((u) => u.username)).toEqual([`${tag}_7`]);
    expect((await get(`query=${tag}&role=manager`)).total).toBe(3);
    expect((await get(`query=${tag}&role=all`)).total).toBe(13);
    const inactive = await get(`query=${tag}&isActive=false`);
    expect(inactive.users.map((u) => u.username).sort()).toEqual([`${tag}_12`, `${tag}_4`, `${tag}_8`]);
    expect((await get(`query=${tag}&isActive=true&role=user`)).total).toBe(7);
    expect((await get('query=%25%25%25')).total).toBe(0);
    const bad = await inject('GET', '/api/admin/users?role=owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Некорректная роль');
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('an empty password keeps the old one; a new one replaces it and ends the sessions', async () => {
    const username = unique('Semen');
    const user = await create({ username, email: `${username}@example.ru` });
    const cookie = await ctx.login(username, 'Pila-DCK-2026');
    const base = { username, email: `${username}@example.ru`, role: 'user', isActive: true, fullName: 'Семён', phone: '', address: '' };

    const kept = await inject('PATCH', `/api/admin/users/${user.id}`, { ...base, password: '' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().fullName).toBe('Семён');
    expect(await whoAmI(cookie)).toBe(200);
    expect(await loginStatus(username, 'Pila-DCK-2026')).toBe(200);

    const short = await inject('PATCH', `/api/admin/users/${user.id}`, { ...base, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toEqual(['Пароль должен содержать не менее 8 символов']);

    const changed = await inject('PATCH', `/api/admin/users/${user.id}`, { ...base, password: 'Novyj-Parol-77' });
    expect(changed.statusCode).toBe(200);
    expect(await whoAmI(cookie)).toBe(401);
    expect(await loginStatus(username, 'Pila-DCK-2026')).toBe(401);
    expect(await loginStatus(username, 'Novyj-Parol-77')).toBe(200);
  });

  it('changes only the fields it is sent: { fullName } leaves an administrator an active administrator', async () => {
    const username = unique('Glavnyj');
    const other = await create({ username, email: `${username}@example.ru`, role: 'admin', phone: '+7 900 000-00-01', address: 'Волгоград' });
    const cookie = await ctx.login(username, 'Pila-DCK-2026');
    const res = await inject('PATCH', `/api/admin/users/${other.id}`, { fullName: 'Пётр Главный' });
    expect(res.statusCode).toBe(200);
    const expected = { username, email: `${username}@example.ru`, role: 'admin', isActive: true, fullName: 'Пётр Главный', phone: '+7 900 000-00-01', address: 'Волгоград' };
    expect(res.json()).toMatchObject(expected);
    expect((await inject('GET', `/api/admin/users/${other.id}`)).json()).toMatchObject(expected);
    expect(await whoAmI(cookie)).toBe(200);

    // An empty body changes nothing; null clears just the field it names.
    expect((await inject('PATCH', `/api/admin/users/${other.id}`, {})).json()).toMatchObject(expected);
    expect((await inject('PATCH', `/api/admin/users/${other.id}`, { phone: null })).json()).toMatchObject({ ...expected, phone: null });
    expect((await inject('PATCH', `/api/admin/users/${other.id}`, { role: 'manager', currentPassword: TEST_ADMIN.password })).json()).toMatchObject({ ...expected, phone: null, role: 'manager' });
  });

  it('refuses a login or e-mail taken by someone else, and an unknown user', async () => {
    const a = await create({ username: unique('first'), email: `${unique('first')}@example.ru` });
    const b = await create({ username: unique('second') });
    const res = await inject('PATCH', `/api/admin/users/${b.id}`, { username: a.username.toUpperCase(), role: 'user', isActive: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Пользователь с таким логином уже существует');
    const email = await inject('PATCH', `/api/admin/users/${b.id}`, { username: b.username, email: a.email, role: 'user', isActive: true });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Пользователь с таким email уже существует');
    const missing = await inject('PATCH', '/api/admin/users/999999', { username: 'nobody_here', role: 'user', isActive: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Пользователь не найден');
  });

  it('an administrator cannot demote or block themselves', async () => {
    const self = { username: 'admin', email: 'admin@example.ru', role: 'manager', isActive: true, currentPassword: TEST_ADMIN.password };
    const demote = await inject('PATCH', `/api/admin/users/${adminId}`, self);
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('Нельзя снять с себя роль администратора');
    const block = await inject('PATCH', `/api/admin/users/${adminId}`, { ...self, role: 'admin', isActive: false });
    expect(block.statusCode).toBe(409);
    expect(block.json().message).toBe('Нельзя заблокировать собственную учётную запись');
    const [row] = await ctx.database.db.select({ role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, adminId));
    expect(row).toEqual({ role: 'admin', isActive: true });
  });

  it('an administrator changing their own password keeps their current session', async () => {
    const username = unique('boss');
    await create({ username, role: 'admin' });
    const own = await ctx.login(username, 'Pila-DCK-2026');
    const other = await ctx.login(username, 'Pila-DCK-2026');
    const [me] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const res = await inject('PATCH', `/api/admin/users/${me!.id}`, { username, role: 'admin', isActive: true, password: 'Drugoj-Parol-88' }, own);
    expect(res.statusCode).toBe(200);
    expect(await whoAmI(own)).toBe(200);
    expect(await whoAmI(other)).toBe(401);
  });
});

describe('PATCH /api/admin/users/{id}/status', () => {
  it('blocking ends every session of the user at once; they cannot log in until activated', async () => {
    const username = unique('Blocked');
    const user = await create({ username });
    const phone = await ctx.login(username, 'Pila-DCK-2026');
    const laptop = await ctx.login(username, 'Pila-DCK-2026');
    expect(await whoAmI(phone)).toBe(200);

    const blocked = await inject('PATCH', `/api/admin/users/${user.id}/status`, { isActive: false });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().isActive).toBe(false);
    expect(await whoAmI(phone)).toBe(401);
    expect(await whoAmI(laptop)).toBe(401);
    const [{ n }] = await ctx.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id));
    expect(n).toBe(0);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'Pila-DCK-2026' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('Учётная запись заблокирована');

    const active = await inject('PATCH', `/api/admin/users/${user.id}/status`, { isActive: true });
    expect(active.json().isActive).toBe(true);
    expect(await loginStatus(username, 'Pila-DCK-2026')).toBe(200);
  });

  it('an administrator cannot block themselves', async () => {
    const res = await inject('PATCH', `/api/admin/users/${adminId}/status`, { isActive: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Нельзя заблокировать собственную учётную запись');
    expect(await whoAmI(admin)).toBe(200);
  });

  it('the last active administrator cannot be blocked or demoted', async () => {
    // Leave the seed administrator the only active one.
    const others = await ctx.database.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    for (const o of others) if (o.id !== adminId) await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, o.id));
    // Whoever acts (e.g. an administrator demoted a moment ago by a parallel request), the last one stays.
    const actor = { id: -1, sessionHash: null, confirmPassword: async () => {} };
    await expect(setUserActive(ctx.database.db, adminId, false, actor)).rejects.toMatchObject({ statusCode: 409, message: LAST_ADMIN });
    await expect(
      updateUser(ctx.database.db, adminId, { username: 'admin', email: 'admin@example.ru', role: 'user', isActive: true }, actor),
    ).rejects.toMatchObject({ statusCode: 409, message: LAST_ADMIN });
    const [row] = await ctx.database.db.select({ role: users.role, isActive: users.isActive }).from(users).where(eq(users.id, adminId));
    expect(row).toEqual({ role: 'admin', isActive: true });
  });

  it('two administrators demoting each other at once: one wins, one administrator always remains', async () => {
    const one = await create({ username: unique('adm_one'), role: 'admin' });
    const two = await create({ username: unique('adm_two'), role: 'admin' });
    // Leave only these two active administrators.
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, adminId));
    try {
      const c1 = await ctx.login(one.username, 'Pila-DCK-2026');
      const c2 = await ctx.login(two.username, 'Pila-DCK-2026');
      const body = (u: AdminUser) => ({ username: u.username, role: 'user', isActive: true, currentPassword: 'Pila-DCK-2026' });
      const [r1, r2] = await Promise.all([
        inject('PATCH', `/api/admin/users/${two.id}`, body(two), c1),
        inject('PATCH', `/api/admin/users/${one.id}`, body(one), c2),
      ]);
      const codes = [r1.statusCode, r2.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const [{ n }] = await ctx.database.db.select({ n: count() }).from(users).where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
      expect(n).toBe(1);
    } finally {
      await ctx.database.db.update(users).set({ isActive: true, role: 'admin' }).where(eq(users.id, adminId));
    }
  });
});

describe('GET /api/admin/users/:id/card', () => {
  it("shows the customer's contacts, saved addresses, latest orders and their sum without cancelled ones; administrators only", async () => {
    const customer = await createCustomer(ctx);
    await ctx.database.db.update(users).set({ fullName: 'Пётр Сидоров', phone: '+7 928 123-45-67' }).where(eq(users.id, customer.id));
    const address = { label: 'Склад', recipientName: 'Пётр Сидоров', phone: '+7 928 123-45-67', address: 'ул. Мира, 5', city: 'Ростов-на-Дону', postalCode: '344000', isDefault: true };
    const saved = await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers: { cookie: customer.cookie }, payload: address });
    expect(saved.statusCode, saved.body).toBe(201);
    const placed = [await insertOrder(ctx, 3, 12990), await insertOrder(ctx, 2, 5000, 'cancelled'), await insertOrder(ctx, 1, 990, 'delivered')];
    await ctx.database.db.update(orders).set({ userId: customer.id }).where(inArray(orders.id, placed));

    const res = await inject('GET', `/api/admin/users/${customer.id}/card`);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json<AdminCustomerCard>();
    expect(card.user).toMatchObject({ id: customer.id, fullName: 'Пётр Сидоров', phone: '+7 928 123-45-67' });
    expect(card.addresses).toEqual([expect.objectContaining({ city: 'Ростов-на-Дону', address: 'ул. Мира, 5', isDefault: true })]);
    expect(card.orders.count).toBe(3);
    expect(card.orders.totalAmount).toBe(13980);
    expect(card.orders.latest.map((o) => [o.id, o.status, o.totalAmount])).toEqual([
      [placed[2], 'delivered', 990],
      [placed[1], 'cancelled', 5000],
      [placed[0], 'pending', 12990],
    ]);

    const manager = await createCustomer(ctx, 'manager');
    expect((await inject('GET', `/api/admin/users/${customer.id}/card`, undefined, manager.cookie)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/users/999999/card')).json().message).toBe('Пользователь не найден');
  });
});
