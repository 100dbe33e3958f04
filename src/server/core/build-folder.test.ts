import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { pinnedBuild } from './build-folder.ts';

/**
 * Issue 29: a rebuild writes a new build folder and moves the `dist` link; a running process keeps
 * its own build, and the pages the previous build rendered still find their scripts.
 */
describe('build folders', () => {
  let root: string;
  let ctx: TestContext;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-builds-'));
    write(path.join(root, 'dist.builds/old/client/assets/index-OLD.js'), 'console.log("old")');
    write(path.join(root, 'dist.builds/new/client/assets/index-NEW.js'), 'console.log("new")');
    write(path.join(root, 'dist.builds/new/client/index.html'), '<!doctype html>');
    fs.symlinkSync('dist.builds/new', path.join(root, 'dist'));
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('pins the build the link names and lists the other builds’ assets', () => {
    const build = pinnedBuild(path.join(root, 'dist'));
    expect(build).toEqual({ dir: path.join(fs.realpathSync(root), 'dist.builds/new'), otherAssets: [path.join(fs.realpathSync(root), 'dist.builds/old/client/assets')] });
    // The link moves to another build: the pinned folder is still the one the process started with.
    fs.rmSync(path.join(root, 'dist'));
    fs.symlinkSync('dist.builds/old', path.join(root, 'dist'));
    expect(build.dir.endsWith(path.join('dist.builds', 'new'))).toBe(true);
    expect(pinnedBuild(path.join(root, 'dist')).dir.endsWith(path.join('dist.builds', 'old'))).toBe(true);
  });

  it('serves its own scripts and the previous build’s for a year; an unknown one is 404', async () => {
    const builds = path.join(fs.realpathSync(root), 'dist.builds');
    ctx = await createTestApp({}, { staticRoot: path.join(builds, 'new/client'), otherAssetRoots: [path.join(builds, 'old/client/assets')] });
    const own = await ctx.app.inject({ url: '/assets/index-NEW.js' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('console.log("new")');
    const previous = await ctx.app.inject({ url: '/assets/index-OLD.js' });
    expect(previous.statusCode).toBe(200);
    expect(previous.body).toBe('console.log("old")');
    expect(previous.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(previous.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await ctx.app.inject({ url: '/assets/index-GONE.js' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/assets/../../new/client/index.html' })).statusCode).toBe(404);
  });
});
