import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '#client/components/ui/icon-names.ts';

const read = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../src/client', file), 'utf8');
const css = read('icons.css');
const sprite = read('icons.svg');

describe('icons.css and icons.svg', () => {
  it('draws exactly the icons the storefront names (run scripts/generate-icon-css.ts after a change)', () => {
    const drawn = [...css.matchAll(/^\s*\.icon-([a-z0-9-]+) \{$/gm)].map((m) => m[1]);
    expect(drawn).toEqual([...ICON_NAMES]);
  });

  it('shows each icon through a view of the one sprite, the views side by side on the 24-unit grid', () => {
    const masks = [...css.matchAll(/mask-image: url\('\.\/icons\.svg#([a-z0-9-]+)'\);/g)].map((m) => m[1]);
    expect(masks).toEqual([...ICON_NAMES]);
    const views = [...sprite.matchAll(/<view id="([a-z0-9-]+)" viewBox="(\d+) 0 24 24"\/>/g)].map((m) => [m[1], Number(m[2])]);
    expect(views).toEqual(ICON_NAMES.map((name, index) => [name, index * 24]));
  });
});
