/**
 * 1C's documents from `sale&mode=file`, streamed with saxes and read by local names, so any
 * namespace (or none) and schema versions 2.05 to 2.10 (which wrap documents in `Контейнер`)
 * read the same. Only what the shop applies is kept: number, Ид, operation and requisites.
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { SaxesParser, type SaxesTagNS } from 'saxes';

export type ExchangeDocument = {
  /** `Номер`: the shop's order number for an order that came from the shop. */
  number: string;
  /** `Ид`: the shop's order id, or 1C's own for a document 1C made. */
  id: string;
  /** `ХозОперация`: «Заказ товара» for orders. */
  operation: string;
  requisites: { name: string; value: string }[];
};

/** A file that cannot be read as a CommerceML document; the message is Russian and says why. */
export class SaleFileError extends Error {}

const ROOT = 'КоммерческаяИнформация';
const DOCUMENT = 'Документ';

/** The encoding the XML declaration names, UTF-8 by default (1C writes both UTF-8 and Windows-1251). */
async function declaredEncoding(filePath: string): Promise<string> {
  const file = await fs.promises.open(filePath, 'r');
  try {
    const head = Buffer.alloc(256);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const declaration = /^\uFEFF?\s*<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(head.subarray(0, bytesRead).toString('latin1'));
    const encoding = declaration ? declaration[1]!.toLowerCase() : 'utf-8';
    if (!iconv.encodingExists(encoding)) throw new SaleFileError(`Кодировка «${encoding}» из заголовка XML не поддерживается`);
    return encoding;
  } finally {
    await file.close();
  }
}

/** A document's fields by their path under `Документ`. */
const FIELDS: Record<string, 'number' | 'id' | 'operation'> = { Номер: 'number', Ид: 'id', ХозОперация: 'operation' };
const REQUISITE_PATH = 'ЗначенияРеквизитов/ЗначениеРеквизита';

export async function readDocuments(filePath: string, fileName: string): Promise<ExchangeDocument[]> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const documents: ExchangeDocument[] = [];
  const path: string[] = [];
  let text = '';
  let current: { doc: ExchangeDocument; depth: number; requisite: { name: string; value: string } } | null = null;

  parser.on('opentag', (tag: SaxesTagNS) => {
    if (path.length === 0 && tag.local !== ROOT) {
      throw new SaleFileError(`Файл «${fileName}» не документ CommerceML: корневой элемент «${tag.local}» вместо «${ROOT}»`);
    }
    path.push(tag.local);
    text = '';
    // A document nested in a document (a base document, say) is part of the outer one.
    if (tag.local === DOCUMENT && !current) {
      current = { doc: { number: '', id: '', operation: '', requisites: [] }, depth: path.length, requisite: { name: '', value: '' } };
    }
  });
  const onText = (chunk: string) => {
    text += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const inner = current ? path.slice(current.depth).join('/') : '';
    if (current) {
      const field = FIELDS[inner];
      if (field) current.doc[field] = text.trim();
      else if (inner === `${REQUISITE_PATH}/Наименование`) current.requisite.name = text.trim();
      else if (inner === `${REQUISITE_PATH}/Значение`) current.requisite.value = text.trim();
      else if (inner === REQUISITE_PATH) {
        current.doc.requisites.push(current.requisite);
        current.requisite = { name: '', value: '' };
      } else if (path.length === current.depth) {
        documents.push(current.doc);
        current = null;
      }
    }
    path.pop();
    text = '';
  });

  const encoding = await declaredEncoding(filePath);
  try {
    const decoded = fs.createReadStream(filePath).pipe(iconv.decodeStream(encoding));
    for await (const chunk of decoded) parser.write(chunk as string);
    parser.close();
  } catch (error) {
    if (error instanceof SaleFileError) throw error;
    // saxes also refuses an empty file and one cut short (an unclosed element) at close().
    throw new SaleFileError(`Файл «${fileName}» не является корректным XML (строка ${parser.line}, позиция ${parser.column})`);
  }
  return documents;
}
