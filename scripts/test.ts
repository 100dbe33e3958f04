/**
 * `npm test`: every check in order — typecheck, lint, unit and API tests, the production build
 * (once, kept when newer than its sources), the security figures, the end-to-end tests — stopping
 * at the first that fails, then the seconds each stage took (docs/decisions/026).
 */
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit', 'npm run test:unit'],
  ['build', 'tsx scripts/build.ts --if-stale'],
  ['reproducible', 'tsx scripts/check-reproducible-build.ts'],
  ['security', 'npm run test:security'],
  ['e2e', 'npm run test:e2e'],
] as const;

const times: [string, number][] = [];
let failed: string | null = null;
const started = Date.now();
for (const [name, command] of STAGES) {
  const t0 = Date.now();
  const { status, signal } = spawnSync(command, { stdio: 'inherit', shell: true });
  times.push([name, (Date.now() - t0) / 1000]);
  if (status !== 0) {
    failed = `${name} failed (${signal ?? `exit code ${status}`})`;
    break;
  }
}
times.push(['npm test', (Date.now() - started) / 1000]);

console.log('\nStage times (s):');
for (const [name, seconds] of times) console.log(`  ${name.padEnd(10)} ${seconds.toFixed(1).padStart(7)}`);
if (failed) {
  console.log(`\n${failed}`);
  process.exit(1);
}
