import fs from 'node:fs';
import { pipeline } from 'node:stream';
import iconv from 'iconv-lite';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * CommerceML files read as a stream of small elements: the parser walks the whole file with
 * saxes, and only the elements asked for (one product, one offer, the group tree) are built in
 * memory, one at a time. Names are compared by their local part, so a document with the
 * namespace `urn:1C.ru:commerceml_2` as default, with a prefix (`<cml:Товар>`) or with no
 * namespace at all reads the same.
 */

export class CommerceMlError extends Error {}

/** One element: its local name, attributes (local names too), text and children. */
export type XmlNode = { name: string; attributes: Record<string, string>; text: string; children: XmlNode[] };

export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The first child with this local name. */
export const child = (node: XmlNode | undefined, name: string) => node?.children.find((c) => c.name === name);
export const childrenOf = (node: XmlNode | undefined, name: string) => node?.children.filter((c) => c.name === name) ?? [];
/** The trimmed text of the child at this path (`Цены/Цена`), or ''. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string {
  let at = node;
  for (const name of path) at = child(at, name);
  return at?.text.trim() ?? '';
}

/** The encoding the XML declaration names; 1C writes UTF-8, an old configuration windows-1251. */
async function declaredEncoding(filePath: string): Promise<string> {
  const file = await fs.promises.open(filePath, 'r');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const declaration = /^\uFEFF?\s*<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(head.subarray(0, bytesRead).toString('latin1'));
    return declaration ? declaration[1]!.toLowerCase() : 'utf-8';
  } finally {
    await file.close();
  }
}

export type StreamOptions = {
  /** Whether the element at this path of local names is built and yielded whole. */
  collect: (path: readonly string[]) => boolean;
  /** Called for every opening tag outside the collected elements (a document's attributes). */
  onOpen?: (path: readonly string[], attributes: Record<string, string>) => void;
};

export type Collected = { path: readonly string[]; node: XmlNode };

const plainAttributes = (tag: SaxesTagPlain) => {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(tag.attributes)) if (!name.startsWith('xmlns')) result[localName(name)] = value;
  return result;
};

/**
 * The collected elements in document order. A document that is not well-formed XML ends with a
 * CommerceMlError naming the line, whatever was yielded before it.
 */
export async function* streamElements(filePath: string, fileLabel: string, options: StreamOptions): AsyncGenerator<Collected> {
  const encoding = await declaredEncoding(filePath);
  if (!iconv.encodingExists(encoding)) throw new CommerceMlError(`${fileLabel}: кодировка «${encoding}» не поддерживается`);
  const source = fs.createReadStream(filePath);
  const text = iconv.decodeStream(encoding);
  pipeline(source, text, () => {
    // Errors reach the loop below through the text stream.
  });
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  const ready: Collected[] = [];
  /** The element being built and its open descendants. */
  const stack: XmlNode[] = [];
  let collectedPath: readonly string[] = [];
  let broken: { line: number; column: number } | null = null;
  let root = '';

  parser.on('error', () => {
    broken ??= { line: parser.line, column: parser.column };
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (broken) return;
    const name = localName(tag.name);
    path.push(name);
    if (path.length === 1) root = name;
    if (stack.length > 0) {
      const node: XmlNode = { name, attributes: plainAttributes(tag), text: '', children: [] };
      stack.at(-1)!.children.push(node);
      stack.push(node);
    } else if (options.collect(path)) {
      collectedPath = [...path];
      stack.push({ name, attributes: plainAttributes(tag), text: '', children: [] });
    } else {
      options.onOpen?.(path, plainAttributes(tag));
    }
  });
  const onText = (value: string) => {
    if (!broken && stack.length > 0) stack.at(-1)!.text += value;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (broken) return;
    path.pop();
    const node = stack.pop();
    if (node && stack.length === 0) ready.push({ path: collectedPath, node });
  });

  const notWellFormed = (at: { line: number; column: number }) =>
    new CommerceMlError(`${fileLabel}: XML повреждён (строка ${at.line}, позиция ${at.column}). Проверьте, что файл выгружен полностью`);
  try {
    for await (const chunk of text as AsyncIterable<string>) {
      parser.write(chunk);
      if (broken) throw notWellFormed(broken);
      yield* ready.splice(0);
    }
    parser.close();
    if (broken) throw notWellFormed(broken);
    yield* ready.splice(0);
    if (root !== 'КоммерческаяИнформация') throw new CommerceMlError(`${fileLabel}: это не файл CommerceML (нет элемента КоммерческаяИнформация)`);
  } catch (error) {
    if (error instanceof CommerceMlError) throw error;
    throw new CommerceMlError(`${fileLabel}: файл не читается (${error instanceof Error && /[а-яё]/i.test(error.message) ? error.message : 'ошибка чтения или кодировки'})`);
  } finally {
    source.destroy();
  }
}

/** Whether the path ends with these local names. */
export const endsWith = (path: readonly string[], ...tail: string[]) =>
  path.length >= tail.length && tail.every((name, i) => path[path.length - tail.length + i] === name);

/** `true`/`false` of a CommerceML flag (attribute or element). */
export const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === 'true';
