import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '#client/components/ui/icon-names.ts';

const css = fs.readFileSync(path.resolve(import.meta.dirname, '../src/client/icons.css'), 'utf8');

describe('icons.css', () => {
  it('draws exactly the icons the storefront names (run scripts/generate-icon-css.ts after a change)', () => {
    const drawn = [...css.matchAll(/^\s*\.icon-([a-z0-9-]+) \{$/gm)].map((m) => m[1]);
    expect(drawn).toEqual([...ICON_NAMES]);
  });
});
