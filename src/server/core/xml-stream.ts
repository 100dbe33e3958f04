import fs from 'node:fs';
import { pipeline, type Transform } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * Large XML files (1C's CommerceML, suppliers' YML feeds) read as a stream of small elements: the
 * parser walks the whole file with saxes, and only the elements asked for (one product, one
 * offer, one category) are built in memory, one at a time. What each format means by its
 * elements, and its messages to staff, stay with the integration that reads it.
 */

/** One element: its name, attributes, own text (not its children's) and children. */
export type XmlNode = { name: string; attributes: Record<string, string>; text: string; children: XmlNode[] };

/** Where a document stops being well-formed XML (1-based line, column). */
export type XmlPosition = { line: number; column: number };

export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The first child with this name. */
export const child = (node: XmlNode | undefined, name: string) => node?.children.find((c) => c.name === name);
export const childrenOf = (node: XmlNode | undefined, name: string) => node?.children.filter((c) => c.name === name) ?? [];
/** The trimmed text of the child at this path (`Цены/Цена`), or ''. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string {
  let at = node;
  for (const name of path) at = child(at, name);
  return at?.text.trim() ?? '';
}
/** The element's text with all its descendants' text, in document order. */
export const deepText = (node: XmlNode): string => node.text + node.children.map(deepText).join('');

/** Whether the path ends with these names. */
export const endsWith = (path: readonly string[], ...tail: string[]) =>
  path.length >= tail.length && tail.every((name, i) => path[path.length - tail.length + i] === name);

/** The encoding the XML declaration names (`<?xml … encoding="windows-1251"?>`), lower case; UTF-8 without one. */
export async function declaredEncoding(filePath: string): Promise<string> {
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

export type XmlStreamOptions = {
  /** Bytes to text for the encoding the declaration names; throws the format's own error for one it cannot read. */
  decoder: (encoding: string) => Transform | NodeJS.ReadWriteStream;
  /** Whether the element at this path of names is built and yielded whole. */
  collect: (path: readonly string[]) => boolean;
  /** Called for every opening tag outside the collected elements (the root, a document's attributes); may throw to refuse the file. */
  onOpen?: (path: readonly string[], attributes: Record<string, string>) => void;
  /** The error a document that is not well-formed ends with. */
  notWellFormed: (at: XmlPosition) => Error;
  /** The error a document nested deeper than MAX_XML_DEPTH ends with. */
  tooDeep: (at: XmlPosition) => Error;
  /**
   * `local` (the default): names and attributes by their local part, `xmlns` attributes left
   * out, so a default namespace, a prefix or none read the same; `qualified`: as written.
   */
  names?: 'local' | 'qualified';
};

export type Collected = { path: readonly string[]; node: XmlNode };

/**
 * The deepest element a document may have. Real feeds and exchange files are a few dozen levels
 * deep (1C's group tree the deepest); a file nested far deeper is an attack, and the work per
 * element grows with its depth (issue 25: 840 KB of nesting held the process for 32 s).
 */
export const MAX_XML_DEPTH = 200;

const localAttributes = (tag: SaxesTagPlain) => {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(tag.attributes)) if (!name.startsWith('xmlns')) result[localName(name)] = value;
  return result;
};

/**
 * The collected elements in document order. After the first error the rest of the document
 * means nothing: it ends with `notWellFormed` (or `tooDeep`), whatever was yielded before it.
 */
export async function* streamXmlElements(filePath: string, options: XmlStreamOptions): AsyncGenerator<Collected> {
  const text = options.decoder(await declaredEncoding(filePath));
  const source = fs.createReadStream(filePath);
  pipeline(source, text, () => {
    // Errors reach the loop below through the text stream.
  });
  const local = (options.names ?? 'local') === 'local';
  const nameOf = (tag: SaxesTagPlain) => (local ? localName(tag.name) : tag.name);
  const attributesOf = (tag: SaxesTagPlain) => (local ? localAttributes(tag) : { ...tag.attributes });
  const parser = new SaxesParser({ xmlns: false, position: true });
  const path: string[] = [];
  const ready: Collected[] = [];
  /** The element being built and its open descendants. */
  const stack: XmlNode[] = [];
  let collectedPath: readonly string[] = [];
  /** What ends the document: after it, the rest means nothing. */
  let failure: Error | null = null;
  const position = (): XmlPosition => ({ line: parser.line, column: parser.column });

  parser.on('error', () => {
    failure ??= options.notWellFormed(position());
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (failure) return;
    if (path.length >= MAX_XML_DEPTH) {
      failure = options.tooDeep(position());
      return;
    }
    const name = nameOf(tag);
    path.push(name);
    if (stack.length > 0) {
      const node: XmlNode = { name, attributes: attributesOf(tag), text: '', children: [] };
      stack.at(-1)!.children.push(node);
      stack.push(node);
    } else if (options.collect(path)) {
      collectedPath = [...path];
      stack.push({ name, attributes: attributesOf(tag), text: '', children: [] });
    } else {
      options.onOpen?.(path, attributesOf(tag));
    }
  });
  const onText = (value: string) => {
    if (!failure && stack.length > 0) stack.at(-1)!.text += value;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (failure) return;
    path.pop();
    const node = stack.pop();
    if (node && stack.length === 0) ready.push({ path: collectedPath, node });
  });

  try {
    for await (const chunk of text as AsyncIterable<string>) {
      parser.write(chunk);
      if (failure) throw failure;
      yield* ready.splice(0);
    }
    parser.close();
    if (failure) throw failure;
    yield* ready.splice(0);
  } finally {
    source.destroy();
  }
}
