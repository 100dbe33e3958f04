/**
 * Writes the supplier price lists the importer's tests read, as suppliers send them:
 * `npx tsx scripts/make-supplier-fixtures.ts` (into src/server/integrations/price-lists/sources/fixtures/).
 * The output is deterministic and committed; run again after changing this script.
 *
 * `writeLargePriceList` makes big lists for benchmarks (not committed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../src/server/integrations/price-lists/sources/fixtures');

/** Every date written into the files and their archives, so each run gives the same bytes. */
const FIXED_DATE = new Date(Date.UTC(2026, 10, 1, 9, 0, 0));

/** A small deterministic random sequence (a linear congruential generator). */
function randomSequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

/** Kinds of tools the suppliers sell: name, category path, price range in roubles, parameters. */
const TOOL_KINDS = [
  { name: 'Дрель-шуруповёрт аккумуляторная', path: ['Электроинструмент', 'Дрели и шуруповёрты', 'Аккумуляторные дрели-шуруповёрты'], from: 4_990, to: 18_990, params: [['Напряжение', '12|18|20', 'В'], ['Крутящий момент', '35|45|60', 'Н·м']] },
  { name: 'Дрель ударная', path: ['Электроинструмент', 'Дрели и шуруповёрты', 'Сетевые дрели'], from: 2_990, to: 7_990, params: [['Мощность', '650|810|1050', 'Вт'], ['Патрон', '13', 'мм']] },
  { name: 'Перфоратор', path: ['Электроинструмент', 'Перфораторы'], from: 6_490, to: 24_990, params: [['Мощность', '800|1100|1500', 'Вт'], ['Энергия удара', '2,8|3,2|5,5', 'Дж']] },
  { name: 'УШМ (болгарка)', path: ['Электроинструмент', 'Шлифовальные машины', 'Угловые шлифмашины (УШМ)'], from: 2_790, to: 12_990, params: [['Мощность', '850|1200|2200', 'Вт'], ['Диаметр диска', '125|150|230', 'мм']] },
  { name: 'Шлифмашина эксцентриковая', path: ['Электроинструмент', 'Шлифовальные машины', 'Эксцентриковые шлифмашины'], from: 3_490, to: 9_990, params: [['Мощность', '350|450', 'Вт']] },
  { name: 'Пила дисковая', path: ['Электроинструмент', 'Пилы', 'Дисковые пилы'], from: 5_490, to: 16_990, params: [['Мощность', '1200|1400|1800', 'Вт'], ['Диаметр диска', '185|210', 'мм']] },
  { name: 'Лобзик электрический', path: ['Электроинструмент', 'Пилы', 'Лобзики'], from: 3_190, to: 8_490, params: [['Мощность', '650|800', 'Вт']] },
  { name: 'Гайковёрт ударный аккумуляторный', path: ['Электроинструмент', 'Гайковёрты'], from: 7_990, to: 21_990, params: [['Крутящий момент', '300|450|600', 'Н·м']] },
  { name: 'Триммер бензиновый', path: ['Садовая техника', 'Триммеры'], from: 8_990, to: 19_990, params: [['Мощность', '1,2|1,9', 'л.с.']] },
  { name: 'Нивелир лазерный', path: ['Измерительный инструмент', 'Лазерные нивелиры'], from: 3_990, to: 14_990, params: [['Дальность', '20|30|40', 'м']] },
] as const;

const DCK_SERIES = ['KDJZ', 'KZC', 'KDS', 'KSM', 'KMY', 'KJS', 'KDPL', 'KDZ'];
const PIT_SERIES = ['PSR', 'PBH', 'PWS', 'PSA', 'PMS', 'PST', 'PGT', 'PLL'];

type Product = {
  code: string;
  sku: string;
  name: string;
  brand: 'DCK' | 'P.I.T.';
  kind: (typeof TOOL_KINDS)[number];
  roubles: number;
  params: { name: string; value: string; unit: string }[];
};

/** A price ending in 90 roubles, as dealers price tools. */
const dealerPrice = (roubles: number) => Math.floor(roubles / 100) * 100 + 90;

function makeProducts(count: number, seed: number, brandOf: (index: number) => Product['brand']): Product[] {
  const random = randomSequence(seed);
  return Array.from({ length: count }, (_, index) => {
    const kind = TOOL_KINDS[index % TOOL_KINDS.length];
    const brand = brandOf(index);
    const series = random.pick(brand === 'DCK' ? DCK_SERIES : PIT_SERIES);
    const sku = `${series}${random.int(10, 99)}-${random.int(10, 40)}${index % 3 === 0 ? '' : `-${random.pick(['C1', 'C2', 'K', 'E'])}`}`;
    const params = kind.params.map(([name, values, unit]) => ({ name, value: random.pick(values.split('|')), unit }));
    return {
      code: `00-${String(10_000 + index * 7).padStart(8, '0')}`,
      sku,
      name: `${kind.name} ${brand} ${sku}`,
      brand,
      kind,
      roubles: dealerPrice(random.int(kind.from, kind.to)),
      params,
    };
  });
}

/** «12 990,00» with a no-break space between thousands, as Excel in Russian writes a CSV. */
const rubText = (roubles: number, space = '\u00a0') => `${roubles.toLocaleString('ru-RU').replace(/\s/g, space)},00`;

const csvCell = (value: string) => (/[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * DCK's price list: Windows-1251, `;`, CRLF, a title row and an empty row above the header, a
 * section heading, quoted names with `;` and `"`, prices like «12 990,00», stock in words, and
 * a few bad rows (a negative price, no SKU, one SKU three times, stock that says nothing).
 */
function dckPriceCsv(): Buffer {
  const products = makeProducts(36, 13, () => 'DCK');
  const stockWords = ['много', '>10', '5', 'нет', 'под заказ', 'есть', 'более 50', '12', '0', 'в наличии'];
  const lines: string[][] = [['Прайс-лист ООО «ДЦК Инструмент» от 01.11.2026'], []];
  lines.push(['Код', 'Артикул', 'Наименование', 'Категория', 'Бренд', 'Цена, руб.', 'Опт, руб.', 'Остаток', 'Фото']);
  products.forEach((product, index) => {
    if (index === 0) lines.push(['', '', 'Аккумуляторный инструмент']);
    if (index === 20) lines.push(['', '', 'Сетевой инструмент']);
    let name = product.name;
    if (index === 1) name = `${product.name}; 810 Вт, кейс "DCK Box"`;
    if (index === 2) name = `${product.name} (комплект "Профи";\nс набором буров SDS-plus)`;
    const picture = index % 4 === 3 ? '' : `https://dck-tools.ru/upload/${product.sku.toLowerCase()}.jpg${index % 5 === 0 ? `, https://dck-tools.ru/upload/${product.sku.toLowerCase()}-2.jpg` : ''}`;
    lines.push([
      product.code,
      product.sku,
      name,
      product.kind.path.slice(1).join(' / '),
      index % 6 === 5 ? 'Dck' : 'DCK',
      rubText(product.roubles, index % 2 ? ' ' : '\u00a0'),
      rubText(Math.round(product.roubles * 0.72)),
      stockWords[index % stockWords.length],
      picture,
    ]);
  });
  // The rows a supplier gets wrong.
  const bad = products.slice(0, 4);
  lines.push(['00-00099001', 'KDJZ99-99', 'Дрель-шуруповёрт DCK KDJZ99-99 (уценка)', 'Дрели и шуруповёрты', 'DCK', '-1 500,00', '1 000,00', '3', '']);
  lines.push(['', '', 'Перфоратор DCK без артикула', 'Перфораторы', 'DCK', '9 990,00', '7 000,00', '2', '']);
  lines.push([bad[3].code, bad[3].sku, `${bad[3].name} (повтор)`, 'Перфораторы', 'DCK', rubText(bad[3].roubles), '', '1', '']);
  lines.push([bad[3].code, bad[3].sku, `${bad[3].name} (ещё повтор)`, 'Перфораторы', 'DCK', rubText(bad[3].roubles), '', '1', '']);
  lines.push(['00-00099002', 'KZC01-10', 'УШМ DCK KZC01-10', 'Шлифовальные машины', 'DCK', '3 490,00', '2 500,00', 'уточняйте', '']);
  const text = lines.map((cells) => cells.map(csvCell).join(';')).join('\r\n') + '\r\n';
  return iconv.encode(text, 'win1251');
}

/** Sets every entry's date in a zip archive (central directory and local headers) to FIXED_DATE. */
function fixZipDates(zip: Buffer): Buffer {
  const dosTime = (FIXED_DATE.getUTCHours() << 11) | (FIXED_DATE.getUTCMinutes() << 5);
  const dosDate = ((FIXED_DATE.getUTCFullYear() - 1980) << 9) | ((FIXED_DATE.getUTCMonth() + 1) << 5) | FIXED_DATE.getUTCDate();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    zip.writeUInt16LE(dosTime, at + 12);
    zip.writeUInt16LE(dosDate, at + 14);
    const local = zip.readUInt32LE(at + 42);
    zip.writeUInt16LE(dosTime, local + 10);
    zip.writeUInt16LE(dosDate, local + 12);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return zip;
}

async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Buffer> {
  workbook.creator = 'P.I.T.';
  workbook.created = FIXED_DATE;
  workbook.modified = FIXED_DATE;
  return fixZipDates(Buffer.from(await workbook.xlsx.writeBuffer()));
}

/**
 * P.I.T.'s price list: two title rows, a header of two rows with merged cells («Цена, руб.» over
 * «Розница» and «Опт»; «Фото» over three columns), prices as numbers and as text with spaces,
 * a formula, rich text, a link, dates, and a second sheet «Архив».
 */
async function pitPriceXlsx(): Promise<Buffer> {
  const products = makeProducts(24, 7, () => 'P.I.T.');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Прайс');
  sheet.addRow(['P.I.T. — прайс-лист для дилеров']);
  sheet.mergeCells('A1:J1');
  sheet.addRow(['Действует с 01.11.2026, цены в рублях с НДС']);
  sheet.addRow(['Артикул', 'Наименование', 'Категория', 'Цена, руб.', null, 'Остаток', 'Фото', null, null, 'Поступление']);
  sheet.addRow([null, null, null, 'Розница', 'Опт']);
  for (const range of ['A3:A4', 'B3:B4', 'C3:C4', 'D3:E3', 'F3:F4', 'G3:I4', 'J3:J4']) sheet.mergeCells(range);

  products.forEach((product, index) => {
    const rowNumber = sheet.rowCount + 1;
    const retail: ExcelJS.CellValue = index % 3 === 1 ? product.roubles.toLocaleString('ru-RU').replace(/\s/g, ' ') : product.roubles;
    const purchase: ExcelJS.CellValue =
      index % 4 === 0
        ? { formula: `ROUND(D${rowNumber}*0.7,0)`, result: Math.round(product.roubles * 0.7) }
        : index % 4 === 2
          ? `${Math.round(product.roubles * 0.7).toLocaleString('ru-RU').replace(/\s/g, '\u00a0')},50`
          : Math.round(product.roubles * 0.7) + 0.5;
    const name: ExcelJS.CellValue =
      index === 0 ? { richText: [{ text: `${product.kind.name} `, font: { bold: true } }, { text: `P.I.T. ${product.sku}` }] } : product.name;
    const picture = `https://pit-tools.ru/images/${product.sku.toLowerCase()}`;
    const pictures: ExcelJS.CellValue[] =
      index % 5 === 0
        ? [{ text: `${picture}.jpg`, hyperlink: `${picture}.jpg` }, `${picture}-side.jpg`, `${picture}-box.jpg`]
        : [`${picture}.jpg`, index % 2 ? null : `${picture}-side.jpg`, null];
    const stock = ['15', 'много', 3, '>10', 'нет', 0][index % 6];
    const arrival = index % 4 === 0 ? new Date(Date.UTC(2026, 10, 10 + (index % 15))) : null;
    sheet.addRow([product.sku, name, product.kind.path.at(-1), retail, purchase, stock, ...pictures, arrival]);
  });
  sheet.getColumn(10).numFmt = 'dd.mm.yyyy';

  const archive = workbook.addWorksheet('Архив');
  archive.addRow(['Артикул', 'Наименование', 'Цена']);
  archive.addRow(['PSR12-D', 'Дрель-шуруповёрт P.I.T. PSR12-D (снята с производства)', 2990]);
  archive.addRow(['PBH18-A', 'Перфоратор P.I.T. PBH18-A (снят с производства)', 5490]);
  return workbookBytes(workbook);
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Category tree of the feed: every path prefix of every kind, numbered in order of first use. */
function feedCategories(): Map<string, { id: number; parentId?: number; name: string }> {
  const categories = new Map<string, { id: number; parentId?: number; name: string }>();
  for (const kind of TOOL_KINDS) {
    kind.path.forEach((name, depth) => {
      const key = kind.path.slice(0, depth + 1).join(' / ');
      if (categories.has(key)) return;
      const parent = depth ? categories.get(kind.path.slice(0, depth).join(' / ')) : undefined;
      categories.set(key, { id: categories.size + 1, parentId: parent?.id, name });
    });
  }
  return categories;
}

/**
 * A YML feed of 300 offers from both brands in nested categories: params, one to three pictures,
 * old prices, `vendor.model` offers without a name, a few unavailable, one priced in USD.
 */
function feedYml(): string {
  const products = makeProducts(300, 21, (index) => (index % 2 ? 'P.I.T.' : 'DCK'));
  const categories = feedCategories();
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<yml_catalog date="2026-11-01T09:00:00+03:00">',
    '  <shop>',
    '    <name>ДЦК Инструмент</name>',
    '    <company>ООО «ДЦК Инструмент»</company>',
    '    <url>https://dck-tools.ru/</url>',
    '    <currencies><currency id="RUR" rate="1"/><currency id="USD" rate="CBRF"/></currencies>',
    '    <categories>',
    ...[...categories.values()].map(
      (category) => `      <category id="${category.id}"${category.parentId ? ` parentId="${category.parentId}"` : ''}>${xmlText(category.name)}</category>`,
    ),
    '    </categories>',
    '    <offers>',
  ];
  products.forEach((product, index) => {
    const id = 100_000 + index;
    const available = index % 37 === 36 ? 'false' : 'true';
    const vendorModel = index % 10 === 9;
    const slug = product.sku.toLowerCase();
    const category = categories.get(product.kind.path.join(' / '))!;
    lines.push(`      <offer id="${id}" available="${available}"${vendorModel ? ' type="vendor.model"' : ''}>`);
    lines.push(`        <url>https://dck-tools.ru/catalog/${slug}/</url>`);
    lines.push(`        <price>${index === 150 ? 129.9 : product.roubles}</price>`);
    if (index % 7 === 0) lines.push(`        <oldprice>${product.roubles + 1000}</oldprice>`);
    lines.push(`        <currencyId>${index === 150 ? 'USD' : 'RUR'}</currencyId>`);
    lines.push(`        <categoryId>${category.id}</categoryId>`);
    for (let n = 0; n < 1 + (index % 3); n++) lines.push(`        <picture>https://dck-tools.ru/images/${slug}-${n + 1}.jpg</picture>`);
    if (vendorModel) {
      lines.push(`        <typePrefix>${xmlText(product.kind.name)}</typePrefix>`);
      lines.push(`        <vendor>${xmlText(product.brand)}</vendor>`);
      lines.push(`        <model>${product.sku}</model>`);
    } else {
      lines.push(`        <name>${xmlText(product.name)}</name>`);
      lines.push(`        <vendor>${xmlText(product.brand)}</vendor>`);
    }
    lines.push(`        <vendorCode>${product.sku}</vendorCode>`);
    if (index % 4 === 0) {
      lines.push(`        <description><![CDATA[<p>${product.kind.name} ${product.brand} для профессионального применения.</p>]]></description>`);
    }
    for (const param of product.params) lines.push(`        <param name="${xmlText(param.name)}" unit="${xmlText(param.unit)}">${param.value}</param>`);
    lines.push('      </offer>');
  });
  lines.push('    </offers>', '  </shop>', '</yml_catalog>', '');
  return lines.join('\n');
}

/** A feed whose XML is broken the way a half-written export is: a closing tag that does not match. */
function brokenYml(): string {
  const lines = feedYml().split('\n').slice(0, 60);
  const at = lines.findIndex((line) => line.includes('<name>') && !line.includes('ДЦК'));
  lines[at] = lines[at].replace('</name>', '</nmae>');
  return lines.join('\n');
}

/** Writes every fixture; answers the files written. */
export async function writeFixtures(dir = FIXTURES_DIR): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  const pit = await pitPriceXlsx();
  const files: [string, Buffer | string][] = [
    ['dck-price-1251.csv', dckPriceCsv()],
    ['pit-price.xlsx', pit],
    ['feed.yml', feedYml()],
    // An upload cut off half way: the zip has no end.
    ['broken.xlsx', pit.subarray(0, Math.floor(pit.length / 2))],
    ['broken.yml', brokenYml()],
  ];
  for (const [name, content] of files) fs.writeFileSync(path.join(dir, name), content);
  return files.map(([name]) => path.join(dir, name));
}

const LARGE_HEADER = ['Код', 'Артикул', 'Наименование', 'Категория', 'Бренд', 'Цена, руб.', 'Опт, руб.', 'Остаток', 'Фото', 'Описание'];

/** One product of a large list; prices are numbers (roubles), written as «12 990,00» into a CSV. */
function largeRow(index: number, random: ReturnType<typeof randomSequence>): (string | number)[] {
  const kind = TOOL_KINDS[index % TOOL_KINDS.length];
  const brand = index % 2 ? 'P.I.T.' : 'DCK';
  const sku = `${random.pick(brand === 'DCK' ? DCK_SERIES : PIT_SERIES)}${index}`;
  const roubles = dealerPrice(random.int(kind.from, kind.to));
  return [
    `00-${String(index + 1).padStart(8, '0')}`,
    sku,
    `${kind.name} ${brand} ${sku}`,
    kind.path.join(' / '),
    brand,
    roubles,
    Math.round(roubles * 0.7),
    random.pick(['много', '>10', '5', 'нет', 'под заказ', '25']),
    `https://example-supplier.ru/img/${sku.toLowerCase()}.jpg`,
    `${kind.name} ${brand} для профессионального применения`,
  ];
}

/**
 * A big price list for benchmarks: `rows` products under a header row, as a UTF-8 CSV with `;` or
 * an XLSX written with ExcelJS's streaming writer (shared strings, as Excel saves).
 */
export async function writeLargePriceList(filePath: string, rows: number, format: 'csv' | 'xlsx'): Promise<void> {
  const random = randomSequence(50_000);
  if (format === 'csv') {
    const out = fs.createWriteStream(filePath);
    const write = (line: string) => (out.write(line) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
    await write(`${LARGE_HEADER.join(';')}\r\n`);
    for (let index = 0; index < rows; index++) await write(`${largeRow(index, random).map((value) => (typeof value === 'number' ? rubText(value) : csvCell(value))).join(';')}\r\n`);
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useSharedStrings: true, useStyles: false });
  const sheet = workbook.addWorksheet('Прайс');
  sheet.addRow(LARGE_HEADER).commit();
  for (let index = 0; index < rows; index++) sheet.addRow(largeRow(index, random)).commit();
  sheet.commit();
  await workbook.commit();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const file of await writeFixtures()) console.log(`${path.relative(process.cwd(), file)}: ${fs.statSync(file).size} байт`);
}
