import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryRules, unitRules } from '#server/db/schema.ts';
import type { MovePlan, UnitRuleView } from '#shared/schemas/catalog-adapter.ts';
import { REGEX_BACKREFERENCE, REGEX_LOOKAROUND } from '#shared/catalog-adapter.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { loadCatalogAdapter } from './adapter.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

/**
 * Staff's expressions run on RE2 (issue 25): one that would backtrack for ever on a JavaScript
 * engine answers at once and the shop keeps answering; what RE2 cannot run is refused when saved,
 * and a saved one that RE2 cannot run matches nothing instead of stopping imports.
 */

let ctx: TestContext;
let admin: string;
let drills = 0;
const BASE = '/api/admin/catalog-adapter';

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: admin } });
const namePattern = (pattern: string) => ({ kind: 'name_pattern', supplierId: null, pattern, categoryId: drills });

/** 2^60 ways to split the a's: a backtracking engine never finishes rejecting this name. */
const HOSTILE_NAME = `${'a'.repeat(60)}!`;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  drills = (await ctx.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'dreli-shurupoverty')))[0]!.id;
  for (const [sku, name] of [
    ['RE2-1', HOSTILE_NAME],
    ['RE2-2', 'ДРЕЛЬ ударная DCK KZJ-13'],
  ]) {
    const res = await api('POST', '/api/admin/products', { sku, name, price: 990, stock: 1, supplier: 'DCK', supplierCategory: 'Разное' });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('category rules with a regular expression', () => {
  it('previews a pattern with nested quantifiers at once, and the shop keeps answering', async () => {
    const [preview, health] = await Promise.all([api('POST', `${BASE}/rules/preview`, namePattern('^(a+)+$')), ctx.app.inject({ url: '/api/health' })]);
    expect(health.statusCode).toBe(200);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<MovePlan>().moves).toBe(0);
  });

  it('matches Cyrillic names whatever their case', async () => {
    const plan = (await api('POST', `${BASE}/rules/preview`, namePattern('^дрель\\s+удар'))).json<MovePlan>();
    expect(plan).toMatchObject({ moves: 1, examples: [{ name: 'ДРЕЛЬ ударная DCK KZJ-13', to: 'Дрели-шуруповёрты' }] });
  });

  it('refuses a reference to a group or a lookaround when saved, saying why in Russian', async () => {
    const backreference = await api('POST', `${BASE}/rules`, namePattern('(a)\\1'));
    expect(backreference.statusCode).toBe(400);
    expect(backreference.json()).toEqual({ message: REGEX_BACKREFERENCE, errors: { pattern: [REGEX_BACKREFERENCE] } });
    const named = await api('POST', `${BASE}/rules/preview`, namePattern('(?<x>a)\\k<x>'));
    expect(named.json().errors).toEqual({ pattern: [REGEX_BACKREFERENCE] });
    const lookahead = await api('POST', `${BASE}/rules`, namePattern('дрель(?!\\p{L})'));
    expect(lookahead.json().errors).toEqual({ pattern: [REGEX_LOOKAROUND] });
    expect(REGEX_LOOKAROUND).toContain('не поддерживаются');
  });

  it('a rule saved before that RE2 cannot run matches nothing, and imports go on', async () => {
    await ctx.database.db.insert(categoryRules).values({ kind: 'name_pattern', supplierId: null, pattern: '(д)\\1', categoryId: drills, priority: 1 });
    const adapter = await loadCatalogAdapter(ctx.database.db);
    expect(adapter.categoryFor({ supplierId: null, name: 'дд' })).toBeNull();
    const res = await api('POST', '/api/admin/products', { sku: 'RE2-3', name: 'дд', price: 990, stock: 1, supplier: 'DCK', supplierCategory: 'Разное' });
    expect(res.statusCode).toBe(201);
  });
});

describe('unit rules', () => {
  it('the shipped rules still end at a word and keep the character after it', async () => {
    const adapter = await loadCatalogAdapter(ctx.database.db);
    expect(adapter.normaliseText('Дрель 800W, 12v/18V; диск 125мм. 5 kg')).toBe('Дрель 800 Вт, 12 В/18 В; диск 125 мм 5 кг');
    // A no-break space is a space, as it was for JavaScript's \s; «mmx» is not a unit.
    expect(adapter.normaliseText('Пила 1500\u00a0watt 2mmx')).toBe('Пила 1500 Вт 2mmx');
  });

  it('a rule with nested quantifiers cannot stop an import', async () => {
    const created = await api('POST', `${BASE}/unit-rules`, { pattern: '^(a+)+$', replacement: 'x' });
    expect(created.statusCode).toBe(201);
    const [normalised, health] = await Promise.all([loadCatalogAdapter(ctx.database.db).then((a) => a.normaliseText(HOSTILE_NAME)), ctx.app.inject({ url: '/api/health' })]);
    expect(normalised).toBe(HOSTILE_NAME);
    expect(health.statusCode).toBe(200);
    expect((await api('DELETE', `${BASE}/unit-rules/${created.json<UnitRuleView>().id}`)).statusCode).toBe(200);
  });

  it('refuses a lookahead when saved', async () => {
    const res = await api('POST', `${BASE}/unit-rules`, { pattern: '(\\d)\\s*бар(?!\\p{L})', replacement: '$1 бар' });
    expectFieldErrors(res, { pattern: [REGEX_LOOKAROUND] });
    expect(await ctx.database.db.select().from(unitRules).where(eq(unitRules.replacement, '$1 бар'))).toEqual([]);
  });
});
