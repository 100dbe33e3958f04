import iconv from 'iconv-lite';
import { MAX_XML_DEPTH, streamXmlElements, type Collected } from '#server/core/xml-stream.ts';

/**
 * CommerceML files read with the shared XML stream reader (`core/xml-stream.ts`): only the
 * elements asked for (one product, one offer, the group tree) are built in memory, one at a
 * time. Names are compared by their local part, so a document with the namespace
 * `urn:1C.ru:commerceml_2` as default, with a prefix (`<cml:Товар>`) or with no namespace at all
 * reads the same.
 */

export { child, childrenOf, endsWith, localName, textAt, type Collected, type XmlNode } from '#server/core/xml-stream.ts';

export class CommerceMlError extends Error {}

export type StreamOptions = {
  /** Whether the element at this path of local names is built and yielded whole. */
  collect: (path: readonly string[]) => boolean;
  /** Called for every opening tag outside the collected elements (a document's attributes). */
  onOpen?: (path: readonly string[], attributes: Record<string, string>) => void;
};

/**
 * The collected elements in document order. A document that is not well-formed XML ends with a
 * CommerceMlError naming the line, whatever was yielded before it.
 */
export async function* streamElements(filePath: string, fileLabel: string, options: StreamOptions): AsyncGenerator<Collected> {
  let root = '';
  const elements = streamXmlElements(filePath, {
    // 1C writes UTF-8, an old configuration windows-1251.
    decoder: (encoding) => {
      if (!iconv.encodingExists(encoding)) throw new CommerceMlError(`${fileLabel}: кодировка «${encoding}» не поддерживается`);
      return iconv.decodeStream(encoding);
    },
    collect: options.collect,
    onOpen: (path, attributes) => {
      if (path.length === 1) root = path[0]!;
      options.onOpen?.(path, attributes);
    },
    notWellFormed: (at) => new CommerceMlError(`${fileLabel}: XML повреждён (строка ${at.line}, позиция ${at.column}). Проверьте, что файл выгружен полностью`),
    tooDeep: (at) => new CommerceMlError(`${fileLabel}: это не файл CommerceML: элементы вложены глубже ${MAX_XML_DEPTH} уровней (строка ${at.line})`),
  });
  try {
    yield* elements;
    if (root !== 'КоммерческаяИнформация') throw new CommerceMlError(`${fileLabel}: это не файл CommerceML (нет элемента КоммерческаяИнформация)`);
  } catch (error) {
    if (error instanceof CommerceMlError) throw error;
    throw new CommerceMlError(`${fileLabel}: файл не читается (${error instanceof Error && /[а-яё]/i.test(error.message) ? error.message : 'ошибка чтения или кодировки'})`);
  }
}

/** `true`/`false` of a CommerceML flag (attribute or element). */
export const isTrue = (value: string | undefined) => value?.trim().toLowerCase() === 'true';
