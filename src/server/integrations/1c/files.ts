import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type yauzl from 'yauzl';
import { ZipRefused, guardZip, openEntry, openZip, type ZipLimits, type ZipProblem } from '../../core/zip-guard.ts';
import type { Exchange1cType } from '#shared/schemas/exchange-1c.ts';

/**
 * The files of an exchange: each type has its own folder under `<dataDir>/exchange-1c/`, emptied
 * by `init`. 1C sends a file whole or in parts of at most `file_limit` bytes (appended in
 * order); a zip archive is unpacked into the same folder before the first import.
 */

/** Announced to 1C on `init`: it splits a larger file into parts of this size. */
export const FILE_LIMIT = 20 * 1024 * 1024;
/** One file of the exchange, all its parts together (a catalogue of 100 000 products is ~150 MB of XML). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024;

/** Guards against a zip bomb: what an archive may unpack to. */
export const ZIP_LIMITS: ZipLimits = {
  entries: 200_000,
  entryBytes: MAX_FILE_BYTES,
  totalBytes: 4 * 1024 * 1024 * 1024,
  /** Uncompressed to compressed: 1C's XML packs 10–30 times; a bomb packs thousands of times. */
  ratio: 200,
  /** Below this an entry's ratio is not judged (a tiny file of spaces packs very well). */
  ratioFrom: 1024 * 1024,
};

export class ExchangeFileError extends Error {}

export const exchangeFolder = (dataDir: string, type: Exchange1cType) => path.join(dataDir, 'exchange-1c', type);

/** A new exchange starts clean. */
export async function resetFolder(folder: string) {
  await fs.rm(folder, { recursive: true, force: true });
  await fs.mkdir(folder, { recursive: true });
}

/**
 * The file's path inside the exchange folder, or an error: 1C sends names like `import.xml` or
 * `import_files/ab/ab12….jpg` (with `\` from Windows). Parent steps, absolute paths, drive letters
 * and control characters are refused, so nothing is written outside the folder.
 */
export function safeRelativePath(name: string): string {
  const parts = name.replace(/\\/g, '/').split('/');
  const bad = name === '' || name.length > 500 || name.startsWith('/') || name.startsWith('\\') || /[\u0000-\u001f:]/.test(name);
  if (bad || parts.some((part) => part === '' || part === '.' || part === '..')) throw new ExchangeFileError(`Недопустимое имя файла: ${name.slice(0, 200)}`);
  return parts.join('/');
}

export function resolveInFolder(folder: string, name: string): string {
  const target = path.resolve(folder, safeRelativePath(name));
  if (!target.startsWith(path.resolve(folder) + path.sep)) throw new ExchangeFileError(`Недопустимое имя файла: ${name.slice(0, 200)}`);
  return target;
}

/** Appends one part of a file (the first part creates it). */
export async function appendPart(folder: string, name: string, body: Buffer): Promise<void> {
  const target = resolveInFolder(folder, name);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const size = (await fs.stat(target).catch(() => null))?.size ?? 0;
  if (size + body.length > MAX_FILE_BYTES) throw new ExchangeFileError(`Файл ${name} больше ${MAX_FILE_BYTES / 1024 ** 3} ГБ`);
  await fs.appendFile(target, body);
}

/** Counts the bytes that pass and stops past the limit (an archive's sizes may lie). */
function byteLimit(limit: number, onBytes: (n: number) => void, name: string) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      onBytes(chunk.length);
      if (seen > limit) callback(new ExchangeFileError(`Архив отклонён: файл ${name} распаковывается больше допустимого`));
      else callback(null, chunk);
    },
  });
}

/** The guard's verdict in the exchange's words. */
function refusal(problem: ZipProblem, file: string): ExchangeFileError {
  switch (problem.kind) {
    case 'entries':
      return new ExchangeFileError(`Архив отклонён: больше ${ZIP_LIMITS.entries} файлов`);
    case 'size':
      return new ExchangeFileError('Архив отклонён: распакованные файлы слишком велики');
    case 'ratio':
      return new ExchangeFileError(
        problem.fileName === null
          ? 'Архив отклонён: файлы сжаты подозрительно сильно (похоже на zip-бомбу)'
          : `Архив отклонён: файл ${problem.fileName} сжат подозрительно сильно (похоже на zip-бомбу)`,
      );
    case 'encrypted':
      return new ExchangeFileError('Архив отклонён: зашифрованные архивы не поддерживаются');
    case 'broken': {
      // yauzl checks names itself (absolute, `..`, `\\`) and stops with its own words.
      const unsafe = /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(problem.message);
      if (unsafe) return new ExchangeFileError(`Архив отклонён: недопустимое имя файла ${unsafe[1]!.slice(0, 200)}`);
      return new ExchangeFileError(`Архив ${path.basename(file)} повреждён или не является zip-архивом`);
    }
  }
}

/** Unpacks an archive into the folder after checking it whole; the archive is then removed. */
export async function unpackZip(folder: string, file: string): Promise<string[]> {
  try {
    // Every entry's name and size checked before anything is written: a bomb is refused whole.
    await guardZip(file, ZIP_LIMITS, (entry) => void safeRelativePath(entry.fileName));
  } catch (error) {
    throw error instanceof ZipRefused ? refusal(error.problem, file) : error;
  }
  const zip = await openZip(file);
  const written: string[] = [];
  let total = 0;
  const count = (n: number) => {
    total += n;
    if (total > ZIP_LIMITS.totalBytes) throw new ExchangeFileError('Архив отклонён: распакованные файлы слишком велики');
  };
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      void (async () => {
        if (!entry.fileName.endsWith('/')) {
          const target = resolveInFolder(folder, entry.fileName);
          await fs.mkdir(path.dirname(target), { recursive: true });
          await pipeline(await openEntry(zip, entry), byteLimit(Math.min(entry.uncompressedSize, ZIP_LIMITS.entryBytes), count, entry.fileName), createWriteStream(target));
          written.push(safeRelativePath(entry.fileName));
        }
        zip.readEntry();
      })().catch((error: unknown) => {
        zip.close();
        reject(error instanceof ExchangeFileError ? error : new ExchangeFileError(`Архив ${path.basename(file)} повреждён: его не удалось распаковать`));
      });
    });
    zip.on('end', resolve);
    zip.on('error', () => reject(new ExchangeFileError(`Архив ${path.basename(file)} повреждён: его не удалось распаковать`)));
    zip.readEntry();
  });
  await fs.rm(file, { force: true });
  return written;
}

/** Unpacks every archive 1C sent in this exchange (before its first import). */
export async function unpackPending(folder: string): Promise<string[]> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const unpacked: string[] = [];
  for (const name of names.filter((n) => n.toLowerCase().endsWith('.zip')).sort()) unpacked.push(...(await unpackZip(folder, path.join(folder, name))));
  return unpacked;
}
