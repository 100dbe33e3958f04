/**
 * `npm test`: every check in order — typecheck and lint (side by side: each takes one core),
 * unit and API tests, the production build (once, kept when newer than its sources), the
 * security figures, the end-to-end tests — stopping at the first step that fails, then the
 * seconds each stage took (docs/decisions/026).
 */
import { spawn } from 'node:child_process';

type Stage = readonly [name: string, command: string];

const STEPS: readonly (readonly Stage[])[] = [
  [
    ['typecheck', 'npm run typecheck'],
    ['lint', 'npm run lint'],
  ],
  [['unit', 'npm run test:unit']],
  [['build', 'tsx scripts/build.ts --if-stale']],
  [['reproducible', 'tsx scripts/check-reproducible-build.ts']],
  [['security', 'npm run test:security']],
  [['e2e', 'npm run test:e2e']],
];

type Outcome = { name: string; seconds: number; failure: string | null };

/**
 * Runs a stage. Alone, its output goes straight through; beside others, it is held and printed
 * whole once the stage ends, so two stages' lines do not interleave.
 */
function run([name, command]: Stage, alone: boolean): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const held: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      if (held.length) process.stdout.write(Buffer.concat(held));
      const failure = status === 0 ? null : `${name} failed (${signal ?? `exit code ${status}`})`;
      resolve({ name, seconds: (Date.now() - started) / 1000, failure });
    });
  });
}

const outcomes: Outcome[] = [];
const started = Date.now();
for (const step of STEPS) {
  outcomes.push(...(await Promise.all(step.map((stage) => run(stage, step.length === 1)))));
  if (outcomes.some((outcome) => outcome.failure)) break;
}

console.log('\nStage times (s):');
for (const { name, seconds } of outcomes) console.log(`  ${name.padEnd(12)} ${seconds.toFixed(1).padStart(7)}`);
console.log(`  ${'npm test'.padEnd(12)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)}`);
const failures = outcomes.filter((outcome) => outcome.failure);
if (failures.length) {
  console.log(`\n${failures.map((outcome) => outcome.failure).join('\n')}`);
  process.exit(1);
}
