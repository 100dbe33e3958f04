import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Playwright's global setup under `npm test` (scripts/test.ts): the shops' servers have started
 * (Playwright starts them before the global setup) while the unit tests still run; the browsers
 * wait for them to pass. `stop` in the gate's file means a stage failed, and nothing more starts.
 */
export default async function waitAtTheGate() {
  const file = process.env.STAGE_GATE_FILE;
  if (!file) return;
  for (;;) {
    const word = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (word === 'go') return;
    if (word === 'stop') throw new Error('Another stage of npm test failed: the end-to-end tests do not run');
    await sleep(250);
  }
}
