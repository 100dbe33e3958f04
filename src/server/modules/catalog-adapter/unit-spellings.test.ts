import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileUnitRules } from '#shared/catalog-adapter.ts';
import type { UnitRuleView } from '#shared/schemas/catalog-adapter.ts';
import { spellingsOf, splitSpellings, unitRuleOf } from '#shared/unit-spellings.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

/** Unit rules as plain fields: spellings → unit, the expression made (escaped) by the server. */

describe('spellings and their expression', () => {
  it('escapes what an expression would read as syntax and reads its own expressions back', () => {
    const rule = unitRuleOf({ spellings: splitSpellings(' r.p.m ,об/мин, об / мин, R.P.M '), unit: 'об/мин' });
    expect(rule).toEqual({ pattern: String.raw`(\d)\s*(?:об\s*\/\s*мин|об\/мин|r\.p\.m)(\P{L}|$)`, replacement: '$1 об/мин$2' });
    expect(compileUnitRules([rule])('3000r.p.m, 2800 об / мин, 3000rpm')).toBe('3000 об/мин, 2800 об/мин, 3000rpm');
    expect(spellingsOf(rule)).toEqual({ spellings: ['об / мин', 'об/мин', 'r.p.m'], unit: 'об/мин' });
  });

  it('leaves a hand-written expression to the advanced view', () => {
    expect(spellingsOf({ pattern: String.raw`(\d)\s*(?:mm|мм\.?)(\P{L}|$)`, replacement: '$1 мм$2' })).toBeNull();
    expect(spellingsOf({ pattern: String.raw`(\d)\s*(?:w|watt|ватт)(\P{L}|$)`, replacement: '$1 Вт$2' })).toEqual({ spellings: ['w', 'watt', 'ватт'], unit: 'Вт' });
    expect(spellingsOf({ pattern: String.raw`(\d)\s*(?:w)(\P{L}|$)`, replacement: '$2 Вт' })).toBeNull();
  });
});

let ctx: TestContext;
let admin: string;
const BASE = '/api/admin/catalog-adapter/unit-rules';
beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
});
afterAll(() => ctx.close());

describe('POST/PATCH /api/admin/catalog-adapter/unit-rules/…/spellings', () => {
  const send = (method: 'POST' | 'PATCH', url: string, payload: object) => ctx.app.inject({ method, url, payload, headers: { cookie: admin } });

  it('saves spellings as an escaped, anchored expression, and changes them the same way', async () => {
    const created = await send('POST', `${BASE}/spellings`, { spellings: 'л.с., hp', unit: 'л. с.' });
    expect(created.statusCode).toBe(201);
    const rule = created.json<UnitRuleView>();
    expect(rule).toMatchObject({ pattern: String.raw`(\d)\s*(?:л\.с\.|hp)(\P{L}|$)`, replacement: '$1 л. с.$2' });
    expect(compileUnitRules([rule])('Мотор 5hp, 7л.с., 9 hpa')).toBe('Мотор 5 л. с., 7 л. с., 9 hpa');

    const changed = await send('PATCH', `${BASE}/${rule.id}/spellings`, { spellings: 'hp, h.p.', unit: 'л. с.' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<UnitRuleView>().pattern).toBe(String.raw`(\d)\s*(?:h\.p\.|hp)(\P{L}|$)`);
  });

  it('the shop’s own rules read as spellings → unit, and rewrite units as they always did', async () => {
    const rules = (await ctx.app.inject({ method: 'GET', url: BASE, headers: { cookie: admin } })).json<UnitRuleView[]>();
    expect(rules.slice(0, 8).map((rule) => spellingsOf(rule)?.unit ?? rule.pattern)).toEqual(['Вт', 'кВт', 'В', 'об/мин', 'мм', 'А·ч', 'Н·м', 'кг']);
    const rewrite = compileUnitRules(rules);
    expect(rewrite('Дрель ударная 800W, 3000rpm, патрон 13mm, 2,5kg')).toBe('Дрель ударная 800 Вт, 3000 об/мин, патрон 13 мм, 2,5 кг');
    expect(rewrite('2800 об./мин., 13мм., 4 а*ч, 60 н*м, 1,5кг.')).toBe('2800 об/мин, 13 мм, 4 А·ч, 60 Н·м, 1,5 кг');
  });

  it('asks for spellings and a unit in Russian', async () => {
    const res = await send('POST', `${BASE}/spellings`, { spellings: ' , ', unit: '' });
    expectFieldErrors(res, { spellings: ['Укажите написания через запятую'], unit: ['Укажите единицу'] });
  });
});
