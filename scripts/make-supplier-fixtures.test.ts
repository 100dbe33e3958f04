import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, writeFixtures } from './make-supplier-fixtures.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-fixtures-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('supplier fixtures', () => {
  it('are exactly what the script writes (run scripts/make-supplier-fixtures.ts after changing it)', async () => {
    const written = await writeFixtures(dir);
    expect(written.map((file) => path.basename(file))).toEqual(['dck-price-1251.csv', 'pit-price.xlsx', 'feed.yml', 'broken.xlsx', 'broken.yml']);
    for (const file of written) {
      expect(fs.readFileSync(file).equals(fs.readFileSync(path.join(FIXTURES_DIR, path.basename(file)))), path.basename(file)).toBe(true);
    }
  });
});
