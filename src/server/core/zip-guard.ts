import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * A zip archive from outside (1C's export, an XLSX price list) is judged by its central directory
 * before any reader inflates a byte: how many entries, how large each and all of them say they
 * unpack, and how hard they are packed. A bomb packs thousands of times; real XML 5 to 30 times.
 */
export type ZipLimits = {
  entries: number;
  entryBytes: number;
  totalBytes: number;
  /** Uncompressed to compressed, for one entry and for the archive as a whole. */
  ratio: number;
  /** Below this (one entry, or all together) the ratio is not judged: a tiny file of spaces packs very well. */
  ratioFrom: number;
};

export type ZipProblem =
  | { kind: 'entries' }
  | { kind: 'size'; fileName: string }
  | { kind: 'ratio'; fileName: string | null }
  | { kind: 'encrypted' }
  | { kind: 'broken'; message: string };

/** Why an archive was refused; each integration says it in its own words. */
export class ZipRefused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(problem.kind);
  }
}

const ZIP_OPTIONS = { lazyEntries: true, autoClose: true, validateEntrySizes: true, strictFileNames: false };

/** An archive on disk, or a small upload held in memory (a customer's XLSX). */
export const openZip = (file: string | Buffer, options: { keepOpen?: boolean } = {}) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    const done = (error: Error | null, zip: yauzl.ZipFile) => (error ? reject(error) : resolve(zip));
    const zipOptions = { ...ZIP_OPTIONS, autoClose: !options.keepOpen };
    if (typeof file === 'string') yauzl.open(file, zipOptions, done);
    else yauzl.fromBuffer(file, zipOptions, done);
  });

/** An entry's content, inflated as it is read. */
export const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));

/**
 * Reads the archive's directory and throws ZipRefused at the first entry over a limit;
 * `checkEntry` adds the caller's own rules (names). Nothing is inflated here.
 */
export async function guardZip(file: string | Buffer, limits: ZipLimits, checkEntry: (entry: yauzl.Entry) => void = () => {}): Promise<yauzl.Entry[]> {
  return judgeEntries(await openJudged(file, {}), limits, checkEntry);
}

/** An archive judged whole, its parts read by name, in any order; `close` once done. */
export type JudgedZip = {
  /** The part's content as text (UTF-8 decoded across chunks), or null when the archive has no such part. */
  readText(fileName: string): Promise<Readable | null>;
  close(): void;
};

/**
 * guardZip, then the archive stays open for its parts to be read through its directory: a reader
 * that streams the archive once, front to back (ExcelJS's), depends on the order the writer put
 * the parts in, and lost the last part now and then.
 */
export async function openJudgedZip(file: string, limits: ZipLimits, checkEntry: (entry: yauzl.Entry) => void = () => {}): Promise<JudgedZip> {
  const zip = await openJudged(file, { keepOpen: true });
  let entries: yauzl.Entry[];
  try {
    entries = await judgeEntries(zip, limits, checkEntry);
  } catch (error) {
    zip.close();
    throw error;
  }
  const byName = new Map(entries.map((entry) => [entry.fileName, entry]));
  return {
    async readText(fileName) {
      const entry = byName.get(fileName);
      if (!entry) return null;
      return (await openEntry(zip, entry)).setEncoding('utf8');
    },
    close: () => zip.close(),
  };
}

async function openJudged(file: string | Buffer, options: { keepOpen?: boolean }): Promise<yauzl.ZipFile> {
  try {
    return await openZip(file, options);
  } catch (error) {
    throw new ZipRefused({ kind: 'broken', message: error instanceof Error ? error.message : String(error) });
  }
}

async function judgeEntries(zip: yauzl.ZipFile, limits: ZipLimits, checkEntry: (entry: yauzl.Entry) => void): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  const totals = { bytes: 0, packed: 0 };
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      try {
        if (!entry.fileName.endsWith('/')) {
          checkEntry(entry);
          judge(entry, entries.length + 1, totals, limits);
          entries.push(entry);
        }
        zip.readEntry();
      } catch (error) {
        zip.close();
        reject(error);
      }
    });
    zip.on('end', resolve);
    zip.on('error', (error: Error) => reject(new ZipRefused({ kind: 'broken', message: error.message })));
    zip.readEntry();
  });
  return entries;
}

function judge(entry: yauzl.Entry, count: number, totals: { bytes: number; packed: number }, limits: ZipLimits) {
  totals.bytes += entry.uncompressedSize;
  totals.packed += entry.compressedSize;
  if (count > limits.entries) throw new ZipRefused({ kind: 'entries' });
  if (entry.uncompressedSize > limits.entryBytes || totals.bytes > limits.totalBytes) throw new ZipRefused({ kind: 'size', fileName: entry.fileName });
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  if (entry.uncompressedSize >= limits.ratioFrom && ratio > limits.ratio) throw new ZipRefused({ kind: 'ratio', fileName: entry.fileName });
  // Many small entries, each under ratioFrom, are judged together: 300 files of 1 MB packed to 1 KB each are one bomb.
  if (totals.bytes >= limits.ratioFrom && totals.bytes / Math.max(1, totals.packed) > limits.ratio) throw new ZipRefused({ kind: 'ratio', fileName: null });
  if ((entry.generalPurposeBitFlag & 0x1) !== 0) throw new ZipRefused({ kind: 'encrypted' });
}
