/**
 * Builds once more, beside the current build, and compares every file: two builds of one commit
 * must be identical, or two machines behind one balancer would render pages naming scripts only
 * the other has (issue 29). Prints the files that differ and fails on any.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const current = fs.realpathSync(process.env.DIST_DIR ?? 'dist');
const again = 'dist-reproducible';

const digests = (root: string) => {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else files.set(path.relative(root, file), crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
    }
  };
  walk(root);
  return files;
};

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DIST_DIR: again } });
const [first, second] = [digests(current), digests(fs.realpathSync(again))];
const names = new Set([...first.keys(), ...second.keys()]);
const differing = [...names].filter((name) => first.get(name) !== second.get(name)).sort();
fs.rmSync(again, { force: true });
fs.rmSync(`${again}.builds`, { recursive: true, force: true });

console.log(`Reproducible build: ${names.size} files compared, ${differing.length} differ`);
for (const name of differing.slice(0, 20)) console.log(`  ${name}: ${first.has(name) ? (second.has(name) ? 'different content' : 'only in the first build') : 'only in the second build'}`);
if (differing.length) process.exit(1);
