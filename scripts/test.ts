/**
 * `npm test`: every check — typecheck, lint, unit and API tests, the production build (once, kept
 * when newer than its sources), its reproducibility, the security figures, the end-to-end tests —
 * each started as soon as what it needs has passed, so the stages that leave a core idle share
 * the machine (docs/decisions/026). A failure starts nothing more; the stages already running
 * finish. Then the seconds each stage took.
 */
import { spawn } from 'node:child_process';

/** `live`: the output goes straight through (the long stage, for a CI log that grows while it runs). */
type Stage = { name: string; command: string; after: readonly string[]; live?: boolean };

const STAGES: readonly Stage[] = [
  { name: 'typecheck', command: 'npm run typecheck', after: [] },
  { name: 'lint', command: 'npm run lint', after: [] },
  { name: 'build', command: 'tsx scripts/build.ts --if-stale', after: [] },
  { name: 'unit', command: 'npm run test:unit', after: [] },
  { name: 'reproducible', command: 'tsx scripts/check-reproducible-build.ts', after: ['build'] },
  { name: 'security', command: 'npm run test:security', after: ['build'] },
  // Beside the unit tests, not after them: each stage alone leaves the cores idle a fifth of the
  // time (waiting on a browser, a server, a database); together they keep both busy.
  { name: 'e2e', command: 'npm run test:e2e', after: ['build'], live: true },
];

type Outcome = { name: string; seconds: number; failure: string | null };

/**
 * Runs a stage with its output held, printed whole once it ends, so stages running side by side
 * do not interleave their lines (a live stage's goes straight through).
 */
function run(stage: Stage): Promise<Outcome> {
  const { name, command, live } = stage;
  const started = Date.now();
  const child = spawn(command, { shell: true, stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const held: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      const seconds = (Date.now() - started) / 1000;
      console.log(`\n── ${name} (${seconds.toFixed(1)} s) ──`);
      process.stdout.write(Buffer.concat(held));
      resolve({ name, seconds, failure: status === 0 ? null : `${name} failed (${signal ?? `exit code ${status}`})` });
    });
  });
}

const started = Date.now();
const outcomes: Outcome[] = [];
const running = new Map<string, Promise<Outcome>>();
const passed = (name: string) => outcomes.some((outcome) => outcome.name === name && !outcome.failure);
for (;;) {
  if (!outcomes.some((outcome) => outcome.failure)) {
    for (const stage of STAGES) {
      if (running.has(stage.name) || outcomes.some((outcome) => outcome.name === stage.name)) continue;
      if (stage.after.every(passed)) running.set(stage.name, run(stage));
    }
  }
  if (running.size === 0) break;
  const outcome = await Promise.race(running.values());
  running.delete(outcome.name);
  outcomes.push(outcome);
}

console.log('\nStage times (s):');
for (const { name, seconds } of outcomes) console.log(`  ${name.padEnd(12)} ${seconds.toFixed(1).padStart(7)}`);
console.log(`  ${'npm test'.padEnd(12)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)}`);
const failures = outcomes.filter((outcome) => outcome.failure);
if (failures.length) {
  console.log(`\n${failures.map((outcome) => outcome.failure).join('\n')}`);
  process.exit(1);
}
if (outcomes.length < STAGES.length) throw new Error('a stage waits for one that never runs');
