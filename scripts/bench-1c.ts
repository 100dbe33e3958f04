/**
 * `npm run bench:1c`: a 1C catalogue export of 50 000 products (import.xml and offers.xml, two
 * price types, two warehouses) sent to the real endpoint as 1C sends it — checkauth, init, a zip
 * in parts of file_limit, import of both files polled until success — on a fresh database,
 * with the seconds of each phase and the machine's load.
 *
 *   npm run bench:1c                               50 000 products on PGlite (a new data folder)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:1c -- --databases postgres
 *   options: --products N (default 50 000), --databases pglite,postgres
 *
 * Nothing here is a test: it prints figures.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import yazl from 'yazl';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/connection.ts';
import { exchange1cWarehouses } from '../src/server/db/schema.ts';
import { seedIfEmpty } from '../src/server/db/seed/seed.ts';
import { listBranches } from '../src/server/modules/branches/service.ts';

const { values: args } = parseArgs({ options: { products: { type: 'string', default: '50000' }, databases: { type: 'string' } } });
const PRODUCTS = Number(args.products);
const ADMIN = { username: 'admin', password: 'bench-1c-pass-2026' };
const EXCHANGE = { login: 'bench-1c', password: 'bench-1c-exchange-pass' };
const RETAIL = 'bench-retail-0000-0000-000000000001';
const WHOLESALE = 'bench-wholesale-0000-0000-00000000002';
const STORES = ['bench-store-0000-0000-000000000001', 'bench-store-0000-0000-000000000002'];
const GROUPS = 40;
const quiet = { info: () => {}, warn: () => {} };
const log = (...parts: unknown[]) => console.log(...parts);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const guid = (kind: string, n: number) => `${kind}-${n.toString(16).padStart(8, '0')}-11e8-80c2-00155d0a6402`;

/** Writes through a stream: the generator never holds a file in memory either. */
async function writeLines(file: string, lines: () => Generator<string>) {
  const out = fs.createWriteStream(file);
  for (const line of lines()) if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

function* importXml(): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.10" ДатаФормирования="2026-11-26T03:00:00">\n<Классификатор><Ид>bench</Ид><Наименование>Классификатор</Наименование><Группы>\n';
  for (let g = 0; g < GROUPS / 4; g++) {
    yield `<Группа><Ид>${guid('grp', g)}</Ид><Наименование>Раздел ${g + 1}</Наименование><Группы>`;
    for (let c = 0; c < 3; c++) yield `<Группа><Ид>${guid('grp', 1000 + g * 3 + c)}</Ид><Наименование>Подраздел ${g + 1}.${c + 1}</Наименование></Группа>`;
    yield '</Группы></Группа>\n';
  }
  yield `</Группы><Свойства><Свойство><Ид>${guid('prop', 1)}</Ид><Наименование>Производитель</Наименование><ТипЗначений>Справочник</ТипЗначений><ВариантыЗначений>`;
  yield `<Справочник><ИдЗначения>${guid('val', 1)}</ИдЗначения><Значение>DCK</Значение></Справочник><Справочник><ИдЗначения>${guid('val', 2)}</ИдЗначения><Значение>P.I.T</Значение></Справочник>`;
  yield `</ВариантыЗначений></Свойство><Свойство><Ид>${guid('prop', 2)}</Ид><Наименование>Мощность, Вт</Наименование><ТипЗначений>Число</ТипЗначений></Свойство></Свойства></Классификатор>\n`;
  yield '<Каталог СодержитТолькоИзменения="false"><Ид>bench</Ид><ИдКлассификатора>bench</ИдКлассификатора><Наименование>Основной каталог</Наименование><Товары>\n';
  for (let i = 0; i < PRODUCTS; i++) {
    const group = guid('grp', 1000 + (i % (GROUPS / 4)) * 3 + (i % 3));
    yield `<Товар><Ид>${guid('item', i)}</Ид><Артикул>BENCH-1C-${i}</Артикул><Наименование>Дрель ударная модель ${i} ${i % 2 ? 'DCK' : 'P.I.T'}</Наименование>` +
      `<БазоваяЕдиница Код="796">шт</БазоваяЕдиница><Группы><Ид>${group}</Ид></Группы><Описание>Инструмент для работы по металлу и дереву, модель ${i}.</Описание>` +
      `<ЗначенияСвойств><ЗначенияСвойства><Ид>${guid('prop', 1)}</Ид><Значение>${guid('val', 1 + (i % 2))}</Значение></ЗначенияСвойства>` +
      `<ЗначенияСвойства><Ид>${guid('prop', 2)}</Ид><Значение>${500 + (i % 900)}</Значение></ЗначенияСвойства></ЗначенияСвойств>` +
      `<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита>` +
      `<ЗначениеРеквизита><Наименование>Вес</Наименование><Значение>${(1 + (i % 50) / 10).toFixed(1)}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Товар>\n`;
  }
  yield '</Товары></Каталог></КоммерческаяИнформация>\n';
}

function* offersXml(): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.10"><ПакетПредложений СодержитТолькоИзменения="false">';
  yield `<Ид>bench#</Ид><Наименование>Пакет предложений</Наименование><ТипыЦен><ТипЦены><Ид>${RETAIL}</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены>`;
  yield `<ТипЦены><Ид>${WHOLESALE}</Ид><Наименование>Оптовая</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>`;
  yield `<Склады><Склад><Ид>${STORES[0]}</Ид><Наименование>Основной склад</Наименование></Склад><Склад><Ид>${STORES[1]}</Ид><Наименование>Склад филиала</Наименование></Склад></Склады><Предложения>\n`;
  for (let i = 0; i < PRODUCTS; i++) {
    const price = 1000 + (i % 20_000);
    yield `<Предложение><Ид>${guid('item', i)}</Ид><Артикул>BENCH-1C-${i}</Артикул><Наименование>Дрель ударная модель ${i}</Наименование><Цены>` +
      `<Цена><ИдТипаЦены>${RETAIL}</ИдТипаЦены><ЦенаЗаЕдиницу>${price}.00</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена>` +
      `<Цена><ИдТипаЦены>${WHOLESALE}</ИдТипаЦены><ЦенаЗаЕдиницу>${Math.round(price * 0.8)}.00</ЦенаЗаЕдиницу><Валюта>RUB</Валюта></Цена></Цены>` +
      `<Количество>${i % 7}</Количество><Склад ИдСклада="${STORES[0]}" КоличествоНаСкладе="${i % 4}"/><Склад ИдСклада="${STORES[1]}" КоличествоНаСкладе="${i % 7 - (i % 4) > 0 ? i % 7 - (i % 4) : 0}"/></Предложение>\n`;
  }
  yield '</Предложения></ПакетПредложений></КоммерческаяИнформация>\n';
}

function zipOf(files: string[], target: string): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addFile(file, path.basename(file));
  zip.end();
  return new Promise((resolve, reject) => zip.outputStream.pipe(fs.createWriteStream(target)).on('close', resolve).on('error', reject));
}

async function freshDatabase(kind: 'pglite' | 'postgres', dataDir: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { database: await openDatabase({ dataDir: path.join(dataDir, 'pglite') }), drop: async () => {} };
  const serverUrl = new URL(process.env.DATABASE_URL!);
  const name = `exchange_1c_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  return {
    database,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function run(kind: 'pglite' | 'postgres', zipFile: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-1c-'));
  const { database, drop } = await freshDatabase(kind, dataDir);
  const config = loadConfig({ NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  await database.migrate();
  await seedIfEmpty(database.db, config, quiet);
  const app = await buildApp({ config, database, mailer: { kind: 'file', send: async () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    // The warehouses mapped to two branches, as staff would after the first exchange.
    const branches = await listBranches(database.db);
    await database.db.insert(exchange1cWarehouses).values(STORES.map((id, i) => ({ id, name: `Склад ${i + 1}`, branchId: branches[i % branches.length]!.id })));
    const saved = await fetch(`${base}/api/admin/settings/exchange-1c`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true, login: EXCHANGE.login, password: EXCHANGE.password, priceType: RETAIL, mayHide: false, warehouses: [] }),
    });
    if (!saved.ok) throw new Error(`settings: ${saved.status} ${await saved.text()}`);

    let exchangeCookie = '';
    const call = async (query: string, init: RequestInit = {}) => {
      const res = await fetch(`${base}/api/1c/exchange?${query}`, { ...init, headers: { ...(init.headers ?? {}), ...(exchangeCookie ? { cookie: exchangeCookie } : {}) } });
      return res.text();
    };
    const started = performance.now();
    const auth = (await call('type=catalog&mode=checkauth', { headers: { authorization: `Basic ${Buffer.from(`${EXCHANGE.login}:${EXCHANGE.password}`).toString('base64')}` } })).split('\n');
    if (auth[0] !== 'success') throw new Error(`checkauth: ${auth.join(' ')}`);
    exchangeCookie = `${auth[1]}=${auth[2]}`;
    const limit = Number(/file_limit=(\d+)/.exec(await call('type=catalog&mode=init'))![1]);
    const bytes = fs.readFileSync(zipFile);
    for (let at = 0; at < bytes.length; at += limit) {
      const answer = await call('type=catalog&mode=file&filename=bench.zip', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: bytes.subarray(at, at + limit) });
      if (answer !== 'success') throw new Error(`file: ${answer}`);
    }
    const upload = performance.now() - started;
    const importFile = async (name: string) => {
      const from = performance.now();
      for (;;) {
        const answer = await call(`type=catalog&mode=import&filename=${name}`);
        if (answer === 'success') return performance.now() - from;
        if (answer !== 'progress') throw new Error(`import ${name}: ${answer}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    const catalog = await importFile('import.xml');
    const offers = await importFile('offers.xml');
    const total = performance.now() - started;
    const log1c = (await (await fetch(`${base}/api/admin/exchange-1c/log`, { headers: { cookie } })).json()) as { items: { files: string[]; counts: Record<string, number> }[] };
    return { upload, catalog, offers, total, counts: log1c.items.map((i) => `${i.files[0]} ${JSON.stringify(i.counts)}`) };
  } finally {
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const kinds = (args.databases?.split(',').map((k) => k.trim()) ?? ['pglite']) as ('pglite' | 'postgres')[];
  if (kinds.includes('postgres') && !process.env.DATABASE_URL) throw new Error('--databases postgres needs DATABASE_URL');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-1c-files-'));
  try {
    const started = performance.now();
    const importFile = path.join(dir, 'import.xml');
    const offersFile = path.join(dir, 'offers.xml');
    await writeLines(importFile, importXml);
    await writeLines(offersFile, offersXml);
    const zipFile = path.join(dir, 'bench.zip');
    await zipOf([importFile, offersFile], zipFile);
    const mb = (file: string) => `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
    log(`1C exchange benchmark: ${PRODUCTS} products; import.xml ${mb(importFile)}, offers.xml ${mb(offersFile)}, zip ${mb(zipFile)} (generated in ${seconds(performance.now() - started)}); ${os.cpus().length} cores`);
    log(`before: ${uptime()}`);
    for (const kind of kinds) {
      const f = await run(kind, zipFile);
      log(`  ${kind.padEnd(8)} upload ${seconds(f.upload).padStart(7)}   import.xml ${seconds(f.catalog).padStart(7)}   offers.xml ${seconds(f.offers).padStart(7)}   total ${seconds(f.total).padStart(7)}`);
      for (const line of f.counts) log(`           ${line}`);
      log(`  after:  ${uptime()}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
