import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';
import { importerApi } from '../../../../../tests/helpers/supplier-import.ts';
import { zipBytes } from '../../../../../tests/helpers/zip.ts';
import { openXlsx } from './xlsx.ts';

/**
 * Hostile workbooks: an XLSX is a zip, and its limit counts compressed bytes. Each is refused
 * from its directory, before ExcelJS reads it, and the shop goes on answering.
 */

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const WORKBOOK =
  '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Прайс" sheetId="1" r:id="rId1"/></sheets></workbook>';
const sheetOf = (rows: string) => `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

let dir: string;
async function workbook(name: string, parts: Record<string, string | Buffer>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [entry, content] of Object.entries(parts)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), entry);
  const file = path.join(dir, name);
  fs.writeFileSync(file, await zipBytes(zip));
  return file;
}
const base = { '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': WORKBOOK };

let ctx: TestContext;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-xlsx-guard-'));
  ctx = await createTestApp({ DATA_DIR: dir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a hostile XLSX price list', () => {
  it('shared strings packed a thousand times are refused before they reach memory, and /api/health still answers', async () => {
    const strings = Buffer.from(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${'<si><t>Перфоратор</t></si>'.repeat(1_800_000)}</sst>`);
    const file = await workbook('strings.xlsx', { ...base, 'xl/worksheets/sheet1.xml': sheetOf(''), 'xl/sharedStrings.xml': strings });
    expect(fs.statSync(file).size).toBeLessThan(1024 * 1024);

    const api = importerApi(ctx, await ctx.login());
    const supplier = await api.supplier('DCK');
    const res = await api.uploadRaw(supplier.id, file);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('В файле Excel слишком много текста в ячейках (больше 40 МБ). Разделите прайс-лист на несколько файлов');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a small sheet that unpacks to a huge one is refused before a temporary file is written', async () => {
    const file = await workbook('sheet.xlsx', { ...base, 'xl/worksheets/sheet1.xml': sheetOf(' '.repeat(30 * 1024 * 1024)) });
    await expect(openXlsx(file)).rejects.toThrow('Файл Excel отклонён: данные сжаты подозрительно сильно (похоже на zip-бомбу)');
  });

  it('rows beyond a price list: more columns than a price list has, a cell longer than Excel writes', async () => {
    const rowsOf = async (name: string, row: string[]) => {
      const book = new ExcelJS.Workbook();
      book.addWorksheet('Прайс').addRow(row);
      const file = path.join(dir, name);
      fs.writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
      const { rows } = await openXlsx(file);
      for await (const read of rows) void read;
    };
    await expect(rowsOf('wide.xlsx', Array.from({ length: 1001 }, () => 'x'))).rejects.toThrow('В строке 1 больше 1000 столбцов: это не похоже на прайс-лист');
    await expect(rowsOf('long.xlsx', ['Ш'.repeat(40_000)])).rejects.toThrow('В строке 1 ячейка длиннее 32767 символов: так Excel не сохраняет');
  });
});
