import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { SourceError } from './source-error.ts';
import type { TableRow } from './table.ts';
import { decodeStream, type TextEncoding } from './text-stream.ts';

export type Delimiter = ';' | ',' | '\t';
export type CsvSettings = { encoding: TextEncoding; delimiter: Delimiter };

/** Bytes read from the beginning of a file to detect its encoding and delimiter. */
export const SAMPLE_BYTES = 64 * 1024;
/** Lines the delimiter is judged on. */
const DELIMITER_SAMPLE_LINES = 30;
/** On a tie the more usual delimiter of Russian price lists wins. */
const DELIMITERS: Delimiter[] = [';', '\t', ','];

/** Windows-1251 bytes of Cyrillic letters: А–я (0xC0–0xFF), Ё (0xA8), ё (0xB8). */
const isCyrillic1251 = (byte: number) => byte >= 0xc0 || byte === 0xa8 || byte === 0xb8;
/**
 * Control characters no text table has: all below 0x20 but tab, new lines, vertical tab and form
 * feed (Excel's line break in a cell) and 0x1A (DOS end of file). UTF-16 and binary files have them.
 */
const isControl = (byte: number) => byte < 0x20 && (byte < 0x09 || byte > 0x0d) && byte !== 0x1a;
/** Share of bytes above 0x7F that must be letters (the rest: «», №, dashes, NBSP). */
const MIN_LETTER_SHARE = 0.7;
/** Letters needed before their frequencies say anything. */
const MIN_LETTERS_TO_JUDGE = 30;
/** о е а и н т с р в л: more than half of the letters of any Russian text. */
const FREQUENT_LETTERS = new Set('оеаинтсрвл');
/** Below this share of frequent letters the text is not Russian. */
const MIN_FREQUENT_SHARE = 0.35;

/** The share of the most frequent Russian letters among the Cyrillic letters of a text. */
function frequentShare(text: string): number {
  let letters = 0;
  let frequent = 0;
  for (const char of text.toLowerCase()) {
    if ((char < 'а' || char > 'я') && char !== 'ё') continue;
    letters++;
    if (FREQUENT_LETTERS.has(char)) frequent++;
  }
  return letters ? frequent / letters : 0;
}

/**
 * Whether bytes that are not UTF-8 read as Russian text in Windows-1251: no control characters,
 * high bytes mostly Cyrillic letters, and those letters as frequent as in Russian, more so than
 * read as KOI8-R (whose letters sit on the same bytes in another order).
 */
export function looksLikeWindows1251(sample: Buffer): boolean {
  let high = 0;
  let letters = 0;
  for (const byte of sample) {
    // 0x98 is the one byte Windows-1251 leaves undefined.
    if (byte === 0x98) return false;
    if (byte < 0x80) continue;
    high++;
    if (isCyrillic1251(byte)) letters++;
  }
  if (high === 0 || letters / high < MIN_LETTER_SHARE) return false;
  if (letters < MIN_LETTERS_TO_JUDGE) return true;
  const asWindows1251 = frequentShare(iconv.decode(sample, 'win1251'));
  return asWindows1251 >= MIN_FREQUENT_SHARE && asWindows1251 > frequentShare(iconv.decode(sample, 'koi8-r'));
}

/** A sample cut off at SAMPLE_BYTES may end inside a UTF-8 character: leave that part out. */
function withoutCutCharacter(sample: Buffer, truncated: boolean): Buffer {
  if (!truncated) return sample;
  for (let back = 1; back <= 3 && back <= sample.length; back++) {
    const byte = sample[sample.length - back];
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: look further back for the lead
    return byte >= 0xc0 ? sample.subarray(0, sample.length - back) : sample;
  }
  return sample;
}

/** UTF-8 (with or without BOM) or Windows-1251, or null when the bytes are neither (or not text at all). */
export function detectEncoding(sample: Buffer, truncated: boolean): TextEncoding | null {
  if (sample.some(isControl)) return null;
  if (isUtf8(withoutCutCharacter(sample, truncated))) return 'utf-8';
  return looksLikeWindows1251(sample) ? 'windows-1251' : null;
}

/**
 * Per line, how many times `delimiter` separates fields, quoted parts left out (a quote opens a
 * field only at its start; `""` inside is an escaped quote). A sample cut short drops its last line.
 */
function delimiterCounts(text: string, delimiter: Delimiter, truncated: boolean): number[] {
  const counts: number[] = [];
  let count = 0;
  let inQuotes = false;
  let fieldStart = true;
  let lineHasText = false;
  for (let i = 0; i < text.length && counts.length < DELIMITER_SAMPLE_LINES; i++) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') i++;
      else if (char === '"') inQuotes = false;
      continue;
    }
    if (char === '"' && fieldStart) {
      inQuotes = true;
      lineHasText = true;
      fieldStart = false;
    } else if (char === delimiter) {
      count++;
      fieldStart = true;
    } else if (char === '\n' || char === '\r') {
      if (lineHasText || count > 0) counts.push(count);
      count = 0;
      fieldStart = true;
      lineHasText = false;
    } else if (char !== ' ') {
      fieldStart = false;
      lineHasText = true;
    }
  }
  if (!truncated && (lineHasText || count > 0)) counts.push(count);
  return counts;
}

/**
 * The delimiter that splits the most lines into the same number of fields (title rows above the
 * header do not agree, the header and the data do); on a tie the one giving more fields.
 */
export function detectDelimiter(text: string, truncated: boolean): Delimiter {
  let best = { delimiter: DELIMITERS[0], agreeing: 0, fields: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = delimiterCounts(text, delimiter, truncated).filter((count) => count > 0);
    const frequency = new Map<number, number>();
    for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    for (const [fields, agreeing] of frequency) {
      if (agreeing > best.agreeing || (agreeing === best.agreeing && fields > best.fields)) {
        best = { delimiter, agreeing, fields };
      }
    }
  }
  return best.delimiter;
}

/** The beginning of a file and whether there is more of it. */
export async function readSample(filePath: string, bytes = SAMPLE_BYTES): Promise<{ sample: Buffer; truncated: boolean }> {
  const file = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes + 1);
    const { bytesRead } = await file.read(buffer, 0, bytes + 1, 0);
    return { sample: buffer.subarray(0, Math.min(bytesRead, bytes)), truncated: bytesRead > bytes };
  } finally {
    await file.close();
  }
}

/** Encoding and delimiter: those staff chose, the rest detected from the file's beginning. */
export async function detectCsvSettings(filePath: string, chosen: Partial<CsvSettings>): Promise<CsvSettings> {
  const { sample, truncated } = await readSample(filePath);
  const encoding = chosen.encoding ?? detectEncoding(sample, truncated);
  if (!encoding) {
    throw new SourceError('Не удалось определить кодировку файла: сохраните его в UTF-8 или Windows-1251');
  }
  if (chosen.delimiter) return { encoding, delimiter: chosen.delimiter };
  const text = decodeSample(sample, encoding, truncated);
  return { encoding, delimiter: detectDelimiter(text, truncated) };
}

function decodeSample(sample: Buffer, encoding: TextEncoding, truncated: boolean): string {
  if (encoding === 'windows-1251') return iconv.decode(sample, 'win1251');
  return new TextDecoder('utf-8').decode(withoutCutCharacter(sample, truncated));
}

/** csv-parse's complaints in staff's words. */
function csvProblem(error: CsvError): SourceError {
  const line = typeof error.lines === 'number' ? ` (строка ${error.lines})` : '';
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    return new SourceError(`Не удалось прочитать CSV: кавычка не закрыта до конца файла${line}`);
  }
  return new SourceError(`Не удалось прочитать CSV${line}: файл повреждён или это не таблица`);
}

/**
 * The file's rows, streamed: quoted fields with `""` and new lines in them, rows of any length.
 * Every row is given, blank ones too, so row numbers are those a spreadsheet shows.
 */
export async function* csvRows(filePath: string, settings: CsvSettings): AsyncGenerator<TableRow> {
  const parser = parse({
    delimiter: settings.delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  });
  pipeline(fs.createReadStream(filePath), decodeStream(settings.encoding), parser, () => {
    // Errors reach the loop below through the parser.
  });
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      yield { rowNumber, cells: record.map((cell) => cell.trim()) };
    }
  } catch (error) {
    if (error instanceof CsvError) throw csvProblem(error);
    throw error;
  }
}
