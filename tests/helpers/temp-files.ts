import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * A folder for the files a test file writes, removed after its tests: `file` writes the content
 * into a new numbered file with this ending (or another) and gives its path.
 */
export function tempFiles(prefix: string, extension: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  const file = (content: Buffer | string, ending = extension): string => {
    const name = path.join(dir, `${++files}.${ending}`);
    fs.writeFileSync(name, content);
    return name;
  };
  return { dir, file };
}

/** What a stream of rows yields, the first `limit` of it. */
export async function collect<T>(items: AsyncIterable<T>, limit = Infinity): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) {
    all.push(item);
    if (all.length >= limit) break;
  }
  return all;
}
