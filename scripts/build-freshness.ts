/**
 * Whether the production build in DIST_DIR is newer than everything it is made from (`src/`,
 * `public/`, `index.html`, the Vite config and the build script): `npm test` builds once and the
 * security figures and the end-to-end tests reuse that build (docs/decisions/026).
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const newestMtime = (file: string): number => {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(file).reduce((newest, name) => Math.max(newest, newestMtime(path.join(file, name))), 0);
};

export const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/build.ts'];

export function buildIsFresh(distDir: string): boolean {
  const dist = path.resolve(root, distDir);
  const outputs = [path.join(dist, 'client/index.html'), path.join(dist, 'server/entry-server.js'), path.join(dist, 'node/main.js')];
  if (!outputs.every((file) => fs.existsSync(file))) return false;
  const built = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs));
  const sources = Math.max(...BUILD_INPUTS.map((input) => path.join(root, input)).filter((p) => fs.existsSync(p)).map(newestMtime));
  return built > sources;
}
