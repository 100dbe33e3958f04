import fs from 'node:fs';
import path from 'node:path';

/**
 * The production build a process serves. `npm run build` writes each build into a folder of its
 * own in `<DIST_DIR>.builds/`, then points the `DIST_DIR` link at it (scripts/build.ts). A process
 * pins the folder the link names when it starts, so a rebuild never changes the files under it
 * (its page template and server chunks name its own scripts), and it also serves the assets of the
 * other builds kept there: a page rendered by the previous version, on this machine or another
 * behind the same balancer, still finds its scripts.
 */
export function pinnedBuild(distDir: string): { dir: string; otherAssets: string[] } {
  const dir = fs.realpathSync(distDir);
  const builds = path.dirname(dir);
  if (!path.basename(builds).endsWith('.builds')) return { dir, otherAssets: [] };
  const own = path.join(dir, 'client', 'assets');
  const otherAssets = fs
    .readdirSync(builds)
    .map((id) => path.join(builds, id, 'client', 'assets'))
    .filter((assets) => assets !== own && fs.existsSync(assets));
  return { dir, otherAssets };
}
