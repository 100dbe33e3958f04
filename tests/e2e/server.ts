/** The production server on a fresh data folder: every end-to-end run starts from the seed. */
import fs from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes('e2e')) throw new Error('DATA_DIR must be an e2e folder');
fs.rmSync(dataDir, { recursive: true, force: true });
await import('../../src/server/main.ts');
