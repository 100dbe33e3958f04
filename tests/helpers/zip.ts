import type yazl from 'yazl';

/** The bytes of a zip archive built with yazl (ends it first). */
export function zipBytes(zip: yazl.ZipFile): Promise<Buffer> {
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}
