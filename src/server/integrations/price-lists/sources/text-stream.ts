import { Transform } from 'node:stream';
import iconv from 'iconv-lite';
import { SourceError } from './source-error.ts';

export type TextEncoding = 'utf-8' | 'windows-1251';

/**
 * Bytes to text in the file's encoding. UTF-8 is decoded strictly: a file detected as UTF-8 from
 * its beginning that turns out to hold other bytes further on stops with a clear message instead
 * of importing names with «�» in them.
 */
export function decodeStream(encoding: TextEncoding): Transform {
  if (encoding === 'windows-1251') return iconv.decodeStream('win1251') as unknown as Transform;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const fail = () => new SourceError('В файле есть байты не в кодировке UTF-8: сохраните его целиком в UTF-8 или Windows-1251');
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      try {
        done(null, decoder.decode(chunk, { stream: true }));
      } catch {
        done(fail());
      }
    },
    flush(done) {
      try {
        const rest = decoder.decode();
        done(null, rest === '' ? undefined : rest);
      } catch {
        done(fail());
      }
    },
  });
}
