import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { streamElements, textAt, endsWith } from './xml-stream.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cml-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const product = (p: string) => `<${p}Товар><${p}Ид>42</${p}Ид><${p}Наименование>Перфоратор</${p}Наименование></${p}Товар>`;
const documentOf = (open: string, p: string, close: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${open}<${p}Каталог><${p}Товары>${product(p)}</${p}Товары></${p}Каталог>${close}`;

async function productsIn(text: string | Buffer, name = 'import.xml') {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(file, text);
  const found: string[] = [];
  for await (const { node } of streamElements(file, name, { collect: (p) => endsWith(p, 'Товары', 'Товар') })) found.push(`${textAt(node, 'Ид')} ${textAt(node, 'Наименование')}`);
  return found;
}

describe('CommerceML read by local names', () => {
  it('reads the same product with the namespace as default, with a prefix and without one', async () => {
    const forms = [
      documentOf('<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.10">', '', '</КоммерческаяИнформация>'),
      documentOf('<v8:КоммерческаяИнформация xmlns:v8="urn:1C.ru:commerceml_2" ВерсияСхемы="2.05">', 'v8:', '</v8:КоммерческаяИнформация>'),
      documentOf('<КоммерческаяИнформация ВерсияСхемы="2.07">', '', '</КоммерческаяИнформация>'),
    ];
    for (const form of forms) expect(await productsIn(form)).toEqual(['42 Перфоратор']);
  });

  it('reads a file in windows-1251 as its declaration says', async () => {
    const text = documentOf('<КоммерческаяИнформация ВерсияСхемы="2.05">', '', '</КоммерческаяИнформация>').replace('UTF-8', 'windows-1251');
    expect(await productsIn(iconv.encode(text, 'win1251'))).toEqual(['42 Перфоратор']);
  });

  it('refuses a file that is not CommerceML or not well formed, in Russian', async () => {
    await expect(productsIn('<?xml version="1.0"?><yml_catalog/>', 'offers.xml')).rejects.toThrow('offers.xml: это не файл CommerceML (нет элемента КоммерческаяИнформация)');
    await expect(productsIn('<КоммерческаяИнформация><Каталог>', 'import.xml')).rejects.toThrow(/^import\.xml: XML повреждён \(строка 1, позиция \d+\)/);
  });
});
