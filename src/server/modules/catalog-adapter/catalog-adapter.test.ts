import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, supplierCategories } from '#server/db/schema.ts';
import type {
  AwaitingList,
  BrandAliasView,
  CategoryRuleView,
  MovePlan,
  ReapplyPlan,
  ReapplyResult,
  SupplierCategoryRow,
  UnitRuleView,
} from '#shared/schemas/catalog-adapter.ts';
import type { Product, ProductListResponse } from '#shared/types.ts';
import { adapterSubjects } from '../../../../tests/helpers/catalog-ids.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { loadCatalogAdapter, recordSupplierCategories } from './adapter.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
let admin: string;
const ids = { dck: 0, pit: 0, perf: 0, drill: 0, grinder: 0, saw: 0 };
const BASE = '/api/admin/catalog-adapter';

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: admin } });
const get = async <T>(url: string) => (await api('GET', url)).json<T>();

/** One product as the back office's JSON import sends it, with its supplier's category. */
const importItem = (item: { sku: string; name: string; supplier: 'DCK' | 'P.I.T'; supplierCategory: string; categoryId?: number }) =>
  api('POST', '/api/admin/products', { price: 9990, stock: 5, ...item });

const productRow = async (sku: string) => (await ctx.database.db.select().from(products).where(eq(products.sku, sku)))[0]!;
const storefront = async (categoryId: number) => (await ctx.app.inject({ url: `/api/products?categoryId=${categoryId}&limit=48` })).json<ProductListResponse>();
const rowOf = (rows: SupplierCategoryRow[], name: string) => rows.find((r) => r.name === name)!;

const PERF_SKUS = ['ADP-P1', 'ADP-P2', 'ADP-P3'];

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  const db = ctx.database.db;
  Object.assign(ids, await adapterSubjects(db));
  const items = [
    { sku: 'ADP-P1', name: 'Перфоратор DCK KZC-A1 800W SDS-plus', supplier: 'DCK', supplierCategory: 'Перфораторы SDS-plus' },
    { sku: 'ADP-P2', name: 'Перфоратор DCK KZC-A2 1050W SDS-plus', supplier: 'DCK', supplierCategory: 'Перфораторы SDS-plus' },
    { sku: 'ADP-P3', name: 'Перфоратор DCK KZC-A3 1250W SDS-max', supplier: 'DCK', supplierCategory: 'перфораторы  SDS-plus' },
    { sku: 'ADP-G1', name: 'Машина шлифовальная угловая DCK KSM-125', supplier: 'DCK', supplierCategory: 'Болгарки' },
    { sku: 'ADP-G2', name: 'Машина шлифовальная угловая DCK KSM-150', supplier: 'DCK', supplierCategory: 'Болгарки' },
    { sku: 'ADP-D1', name: 'Дрель ударная P.I.T PID-13', supplier: 'P.I.T', supplierCategory: 'Дрели', categoryId: ids.drill },
  ] as const;
  for (const item of items) expect((await importItem(item)).statusCode).toBe(201);
});
afterAll(() => ctx.close());

describe('importing with a supplier category', () => {
  it('keeps a product of an unmapped supplier category hidden in «Без категории»', async () => {
    const row = await productRow('ADP-P1');
    expect(row).toMatchObject({ supplierCategory: 'Перфораторы SDS-plus', awaitingCategory: true, isActive: false, categoryId: null });
    const awaiting = await get<AwaitingList>(`${BASE}/awaiting?page=1&t=1`);
    expect(awaiting.total).toBe(5);
    expect(awaiting.products.map((p) => p.sku)).toEqual(['ADP-G2', 'ADP-G1', 'ADP-P3', 'ADP-P2', 'ADP-P1']);
    expect(awaiting.products[0]).toMatchObject({ name: 'Машина шлифовальная угловая DCK KSM-150', supplier: 'DCK', supplierCategory: 'Болгарки', price: 9990 });
  });

  it('keeps a product that names its category where it says, with its supplier category', async () => {
    expect(await productRow('ADP-D1')).toMatchObject({ supplierCategory: 'Дрели', awaitingCategory: false, isActive: true, categoryId: ids.drill });
  });

  it('wants a category or a supplier category', async () => {
    const res = await api('POST', '/api/admin/products', { sku: 'ADP-X', name: 'Без категории вообще', price: 100 });
    expectFieldErrors(res, { categoryId: ['Выберите категорию'] });
    // Said together with the other fields' errors.
    const both = await api('POST', '/api/admin/products', { sku: 'ADP-X', name: 'Б', price: 100 });
    expect(both.json().errors).toEqual({ name: ['Название должно содержать не менее 2 символов'], categoryId: ['Выберите категорию'] });
  });
});

describe('supplier categories', () => {
  it('lists each supplier category once with its products and where its rule maps it', async () => {
    await recordSupplierCategories(ctx.database.db, ids.pit, ['Пилы цепные']);
    const rows = await get<SupplierCategoryRow[]>(`${BASE}/supplier-categories?t=1`);
    expect(rows.map((r) => `${r.supplierCode}: ${r.name}`)).toEqual(['DCK: Болгарки', 'DCK: Перфораторы SDS-plus', 'P.I.T: Дрели', 'P.I.T: Пилы цепные']);
    expect(rowOf(rows, 'Перфораторы SDS-plus')).toMatchObject({ productCount: 3, awaitingCount: 3, mapping: null });
    expect(rowOf(rows, 'Дрели')).toMatchObject({ productCount: 1, awaitingCount: 0, mapping: null });
    expect(rowOf(rows, 'Пилы цепные')).toMatchObject({ productCount: 0, awaitingCount: 0 });
  });

  it("suggests the shop category the shop's search finds their products in", async () => {
    const rows = await get<SupplierCategoryRow[]>(`${BASE}/supplier-categories`);
    // «Болгарки» is a synonym of УШМ in the shop's search.
    expect(rowOf(rows, 'Болгарки').suggestion).toEqual({ categoryId: ids.grinder, categoryName: 'Угловые шлифмашины (УШМ)', confidence: 1, confident: true });
    expect(rowOf(rows, 'Перфораторы SDS-plus').suggestion).toEqual({ categoryId: ids.perf, categoryName: 'Перфораторы', confidence: 1, confident: true });
  });

  it('reads past model numbers and sizes in the name', async () => {
    await recordSupplierCategories(ctx.database.db, ids.pit, ['Болгарки 125 мм KSM-2024']);
    const rows = await get<SupplierCategoryRow[]>(`${BASE}/supplier-categories`);
    expect(rowOf(rows, 'Болгарки 125 мм KSM-2024').suggestion).toEqual({ categoryId: ids.grinder, categoryName: 'Угловые шлифмашины (УШМ)', confidence: 1, confident: true });
  });
});

describe('category rules: checks', () => {
  const rule = (patch: object) => ({ kind: 'category', supplierId: ids.dck, pattern: 'Перфораторы SDS-plus', categoryId: ids.perf, ...patch });

  it('explains what is missing or wrong in Russian', async () => {
    const empty = await api('POST', `${BASE}/rules`, rule({ pattern: '  ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Укажите категорию поставщика', errors: { pattern: ['Укажите категорию поставщика'] } });
    const word = await api('POST', `${BASE}/rules`, rule({ kind: 'name_contains', pattern: '' }));
    expect(word.json().errors).toEqual({ pattern: ['Укажите слово или фразу'] });
    const kind = await api('POST', `${BASE}/rules`, rule({ kind: 'somewhere' }));
    expect(kind.json().errors).toEqual({ kind: ['Выберите вид правила'] });
    const noCategory = await api('POST', `${BASE}/rules`, rule({ categoryId: undefined, pattern: '' }));
    expect(noCategory.json().errors).toEqual({ categoryId: ['Выберите категорию магазина'], pattern: ['Укажите категорию поставщика'] });
  });

  it('answers 400 to a body that is not an object, on preview, create and edit', async () => {
    const saved = await api('POST', `${BASE}/rules`, rule({ kind: 'name_contains', pattern: 'не-объект' }));
    expect(saved.statusCode).toBe(201);
    for (const [body, message] of [['null', 'Обязательное поле'], ['[]', 'Некорректное значение'], ['1', 'Некорректное значение'], ['"x"', 'Некорректное значение']]) {
      for (const [method, url] of [['POST', `${BASE}/rules/preview`], ['POST', `${BASE}/rules`], ['PATCH', `${BASE}/rules/${saved.json().id}`]] as const) {
        const res = await ctx.app.inject({ method, url, payload: body, headers: { cookie: admin, 'content-type': 'application/json' } });
        expect(res.statusCode, `${body} to ${method} ${url}`).toBe(400);
        expect(res.json()).toEqual({ message, errors: { _: [message] } });
      }
    }
    await api('DELETE', `${BASE}/rules/${saved.json().id}`);
  });

  it('refuses a regular expression that does not compile, saying why', async () => {
    const open = await api('POST', `${BASE}/rules`, rule({ kind: 'name_pattern', pattern: 'перфоратор (sds' }));
    expect(open.statusCode).toBe(400);
    expect(open.json()).toEqual({
      message: 'Неверное регулярное выражение: не закрыта скобка «(»',
      errors: { pattern: ['Неверное регулярное выражение: не закрыта скобка «(»'] },
    });
    const repeat = await api('POST', `${BASE}/rules/preview`, rule({ kind: 'name_pattern', pattern: '*дрель' }));
    expect(repeat.json().message).toBe('Неверное регулярное выражение: повторению (*, +, ?, {}) не к чему относиться');
    const everything = await api('POST', `${BASE}/rules`, rule({ kind: 'name_pattern', pattern: '.*' }));
    expect(everything.json().message).toBe('Выражение совпадает с пустым текстом: уточните его');
  });

  it('refuses a category or supplier that does not exist', async () => {
    const category = await api('POST', `${BASE}/rules`, rule({ categoryId: 999999 }));
    expect(category.statusCode).toBe(400);
    expect(category.json()).toEqual({ message: 'Категория не найдена', errors: { categoryId: ['Категория не найдена'] } });
    const supplier = await api('POST', `${BASE}/rules`, rule({ supplierId: 999999 }));
    expect(supplier.json()).toEqual({ message: 'Поставщик не найден', errors: { supplierId: ['Поставщик не найден'] } });
  });

  it('refuses a second rule for the same supplier category, however it is spelled', async () => {
    const first = await api('POST', `${BASE}/rules`, rule({ kind: 'name_contains', pattern: 'Штроборез' }));
    expect(first.statusCode).toBe(201);
    const again = await api('POST', `${BASE}/rules`, rule({ kind: 'name_contains', pattern: '  ШТРОБОРЕЗ ', categoryId: ids.drill }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Такое правило уже есть', errors: { pattern: ['Такое правило уже есть'] } });
    // For any supplier it is another rule.
    const anySupplier = await api('POST', `${BASE}/rules`, rule({ kind: 'name_contains', pattern: 'штроборез', supplierId: null }));
    expect(anySupplier.statusCode).toBe(201);
    for (const created of [first, anySupplier]) expect((await api('DELETE', `${BASE}/rules/${created.json().id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `${BASE}/rules/${first.json().id}`)).statusCode).toBe(404);
    expect((await api('PATCH', `${BASE}/rules/999999`, rule({}))).statusCode).toBe(404);
  });
});

describe('preview, save and re-apply', () => {
  let perfRule: CategoryRuleView;

  it('says how many products a new rule would move, with examples, saving nothing', async () => {
    const res = await api('POST', `${BASE}/rules/preview`, { kind: 'category', supplierId: ids.dck, pattern: 'перфораторы sds-plus', categoryId: ids.perf });
    expect(res.statusCode).toBe(200);
    const plan = res.json<MovePlan>();
    expect(plan).toMatchObject({ moves: 3, fromAwaiting: 3 });
    expect(plan.examples).toEqual(
      PERF_SKUS.map((_, i) => ({ productId: expect.any(Number), name: expect.stringContaining(`KZC-A${i + 1}`), from: null, to: 'Перфораторы' })),
    );
    expect(await get<CategoryRuleView[]>(`${BASE}/rules`)).toEqual([]);
  });

  it('does not count products that are in the category already', async () => {
    const plan = (await api('POST', `${BASE}/rules/preview`, { kind: 'name_contains', supplierId: null, pattern: 'дрель', categoryId: ids.drill })).json<MovePlan>();
    expect(plan.moves).toBe(0);
  });

  it('saves the rule, which maps the supplier category but moves nothing yet', async () => {
    const res = await api('POST', `${BASE}/rules`, { kind: 'category', supplierId: ids.dck, pattern: 'Перфораторы SDS-plus', categoryId: ids.perf });
    expect(res.statusCode).toBe(201);
    perfRule = res.json<CategoryRuleView>();
    expect(perfRule).toMatchObject({ kind: 'category', supplierName: 'DCK', categoryName: 'Перфораторы', priority: 100 });
    const rows = await get<SupplierCategoryRow[]>(`${BASE}/supplier-categories`);
    expect(rowOf(rows, 'Перфораторы SDS-plus')).toMatchObject({
      mapping: { ruleId: perfRule.id, categoryId: ids.perf, categoryName: 'Перфораторы', anySupplier: false },
      suggestion: null,
    });
    expect((await productRow('ADP-P1')).awaitingCategory).toBe(true);
    expect(await get<ReapplyPlan>(`${BASE}/reapply`)).toMatchObject({ moves: 3, fromAwaiting: 3, stillAwaiting: 2 });
  });

  it('re-applying moves the waiting products into the category and shows them in the shop', async () => {
    expect((await storefront(ids.perf)).products.map((p) => p.sku)).not.toContain('ADP-P1');
    const res = await api('POST', `${BASE}/reapply`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ReapplyResult>()).toEqual({ checked: 6, moved: 3, activated: 3, keptHidden: 0, stillAwaiting: 2 });
    for (const sku of PERF_SKUS) expect(await productRow(sku)).toMatchObject({ categoryId: ids.perf, awaitingCategory: false, isActive: true });
    expect((await storefront(ids.perf)).products.map((p) => p.sku)).toEqual(expect.arrayContaining(PERF_SKUS));
    const awaiting = await get<AwaitingList>(`${BASE}/awaiting`);
    expect(awaiting.products.map((p) => p.sku)).toEqual(['ADP-G2', 'ADP-G1']);
    expect((await api('POST', `${BASE}/reapply`)).json<ReapplyResult>()).toMatchObject({ moved: 0, activated: 0, stillAwaiting: 2 });
  });

  it('an edited rule previews the products it would take elsewhere', async () => {
    const edited = { kind: 'category', supplierId: ids.dck, pattern: 'Перфораторы SDS-plus', categoryId: ids.drill };
    const plan = (await api('POST', `${BASE}/rules/preview`, { ...edited, id: perfRule.id })).json<MovePlan>();
    expect(plan).toMatchObject({ moves: 3, fromAwaiting: 0 });
    expect(plan.examples[0]).toMatchObject({ from: 'Перфораторы', to: 'Дрели-шуруповёрты' });
    // Unchanged, it moves nothing.
    const same = (await api('POST', `${BASE}/rules/preview`, { ...edited, categoryId: ids.perf, id: perfRule.id })).json<MovePlan>();
    expect(same.moves).toBe(0);
    const res = await api('PATCH', `${BASE}/rules/${perfRule.id}`, edited);
    expect(res.json()).toMatchObject({ categoryName: 'Дрели-шуруповёрты' });
    expect((await api('POST', `${BASE}/reapply`)).json<ReapplyResult>()).toMatchObject({ moved: 3, activated: 0 });
    expect((await productRow('ADP-P2')).categoryId).toBe(ids.drill);
  });

  it('a word rule of lower priority number wins over a supplier category rule', async () => {
    const word = { kind: 'name_contains', supplierId: null, pattern: 'SDS-max', categoryId: ids.perf, priority: 50 };
    const plan = (await api('POST', `${BASE}/rules/preview`, word)).json<MovePlan>();
    expect(plan).toMatchObject({ moves: 1, examples: [{ name: 'Перфоратор DCK KZC-A3 1250W SDS-max', from: 'Дрели-шуруповёрты', to: 'Перфораторы' }] });
  });

  it('an accepted suggestion places a re-imported waiting product at once', async () => {
    const rows = await get<SupplierCategoryRow[]>(`${BASE}/supplier-categories`);
    const { suggestion } = rowOf(rows, 'Болгарки');
    const accepted = await api('POST', `${BASE}/rules`, { kind: 'category', supplierId: ids.dck, pattern: 'Болгарки', categoryId: suggestion!.categoryId });
    expect(accepted.statusCode).toBe(201);
    const again = await importItem({ sku: 'ADP-G1', name: 'Машина шлифовальная угловая DCK KSM-125', supplier: 'DCK', supplierCategory: 'Болгарки' });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ product: Product }>().product).toMatchObject({ categoryId: ids.grinder, isActive: true });
    expect(await productRow('ADP-G1')).toMatchObject({ awaitingCategory: false });
    expect((await get<AwaitingList>(`${BASE}/awaiting`)).total).toBe(1);
  });
});

describe('«Без категории» pages', () => {
  it('refuses a page that is not a number', async () => {
    const res = await api('GET', `${BASE}/awaiting?page=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Некорректный номер страницы');
  });

  it('pages through ten at a time', async () => {
    const db = ctx.database.db;
    const [{ id: categoryId }] = await db.select({ id: categories.id }).from(categories).limit(1);
    const waiting = await db
      .insert(products)
      .values(Array.from({ length: 12 }, (_, i) => ({ slug: `adp-wait-${i}`, name: `Ожидает ${i}`, sku: `ADP-W${i}`, awaitingCategory: true, isActive: false, categoryId })))
      .returning({ id: products.id });
    const second = await get<AwaitingList>(`${BASE}/awaiting?page=2`);
    expect(second).toMatchObject({ total: 13, page: 2, totalPages: 2 });
    expect(second.products).toHaveLength(3);
    await db.delete(products).where(inArray(products.id, waiting.map((w) => w.id)));
  });
});

describe('brand spellings', () => {
  it('lists the seeded spellings with their brand', async () => {
    const list = await get<BrandAliasView[]>(`${BASE}/brand-aliases?t=1`);
    expect(list).toContainEqual({ alias: 'дцк', brand: 'DCK' });
  });

  it('adds, renames and deletes a spelling; the adapter follows', async () => {
    const created = await api('POST', `${BASE}/brand-aliases`, { alias: '  Ди Си  Кей ', brand: 'DCK' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ alias: 'ди си кей', brand: 'DCK' });
    expect((await loadCatalogAdapter(ctx.database.db)).brandFor('Ди Си Кей')).toBe('DCK');

    const taken = await api('POST', `${BASE}/brand-aliases`, { alias: 'ДИ СИ КЕЙ', brand: 'P.I.T' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Такое написание уже есть', errors: { alias: ['Такое написание уже есть'] } });

    const renamed = await api('PATCH', `${BASE}/brand-aliases/${encodeURIComponent('ди си кей')}`, { alias: 'Пи Ай Ти', brand: 'P.I.T' });
    expect(renamed.json()).toEqual({ alias: 'пи ай ти', brand: 'P.I.T' });
    const adapter = await loadCatalogAdapter(ctx.database.db);
    expect([adapter.brandFor('Ди Си Кей'), adapter.brandFor('пи ай ти')]).toEqual(['Ди Си Кей', 'P.I.T']);
    expect((await api('PATCH', `${BASE}/brand-aliases/${encodeURIComponent('пи ай ти')}`, { alias: 'дцк', brand: 'P.I.T' })).statusCode).toBe(409);

    expect((await api('DELETE', `${BASE}/brand-aliases/${encodeURIComponent('пи ай ти')}`)).statusCode).toBe(200);
    expect((await api('DELETE', `${BASE}/brand-aliases/${encodeURIComponent('пи ай ти')}`)).statusCode).toBe(404);
  });

  it('needs a spelling and a brand', async () => {
    const empty = await api('POST', `${BASE}/brand-aliases`, { alias: ' ', brand: '' });
    expect(empty.json().errors).toEqual({ alias: ['Укажите написание бренда'], brand: ['Укажите бренд'] });
  });
});

describe('unit rules', () => {
  it('lists the seeded rules in their order', async () => {
    const list = await get<UnitRuleView[]>(`${BASE}/unit-rules?t=1`);
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list[0]).toMatchObject({ pattern: '(\\d)\\s*(?:w|watt|ватт)(\\P{L}|$)', replacement: '$1 Вт$2', sortOrder: 10 });
    expect(list.map((r) => r.sortOrder)).toEqual([...list.map((r) => r.sortOrder)].sort((a, b) => a - b));
  });

  it('adds a rule last, changes and deletes it; the adapter follows', async () => {
    const created = await api('POST', `${BASE}/unit-rules`, { pattern: '(\\d)\\s*(?:bar|бар)(\\P{L}|$)', replacement: '$1 бар$2' });
    expect(created.statusCode).toBe(201);
    const rule = created.json<UnitRuleView>();
    const list = await get<UnitRuleView[]>(`${BASE}/unit-rules`);
    expect(list.at(-1)).toEqual(rule);
    expect(rule.sortOrder).toBe(list.at(-2)!.sortOrder + 10);
    expect((await loadCatalogAdapter(ctx.database.db)).normaliseText('Компрессор 8bar')).toBe('Компрессор 8 бар');

    const changed = await api('PATCH', `${BASE}/unit-rules/${rule.id}`, { pattern: '(\\d)\\s*(?:bar|бар)(\\P{L}|$)', replacement: '$1 атм$2', sortOrder: 5 });
    expect(changed.json()).toEqual({ ...rule, replacement: '$1 атм$2', sortOrder: 5 });
    expect((await get<UnitRuleView[]>(`${BASE}/unit-rules`))[0]!.id).toBe(rule.id);
    expect((await api('DELETE', `${BASE}/unit-rules/${rule.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `${BASE}/unit-rules/${rule.id}`)).statusCode).toBe(404);
    expect((await api('PATCH', `${BASE}/unit-rules/${rule.id}`, { pattern: 'x', replacement: 'y' })).statusCode).toBe(404);
  });

  it('refuses an expression that does not compile or matches nothing at all', async () => {
    const broken = await api('POST', `${BASE}/unit-rules`, { pattern: '(\\d)\\s*[wW', replacement: '$1 Вт' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      message: 'Неверное регулярное выражение: не закрыта скобка «[»',
      errors: { pattern: ['Неверное регулярное выражение: не закрыта скобка «[»'] },
    });
    const empty = await api('POST', `${BASE}/unit-rules`, { pattern: '\\s*', replacement: ' ' });
    expect(empty.json().message).toBe('Выражение совпадает с пустым текстом: уточните его');
    const order = await api('POST', `${BASE}/unit-rules`, { pattern: 'x', replacement: 'y', sortOrder: -1 });
    expect(order.json().errors).toEqual({ sortOrder: ['Порядок: целое число от 0 до 100000'] });
  });
});

describe('supplier categories recorded by imports', () => {
  it('are remembered per supplier', async () => {
    const rows = await ctx.database.db.select().from(supplierCategories).where(eq(supplierCategories.supplierId, ids.dck));
    expect(rows.map((r) => r.name).sort()).toEqual(['Болгарки', 'Перфораторы SDS-plus', 'перфораторы SDS-plus']);
  });
});
