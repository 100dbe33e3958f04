import { describe, expect, it } from 'vitest';
import { localPath } from './local-path.ts';

describe('localPath', () => {
  it('keeps paths on this site with their query and fragment, normalised', () => {
    expect(localPath('/profile')).toBe('/profile');
    expect(localPath('/order-complete/12?x=1#top')).toBe('/order-complete/12?x=1#top');
    expect(localPath('/catalog/./drills/../saws?q=a%2Fb')).toBe('/catalog/saws?q=a%2Fb');
  });

  it('refuses every way of leaving the site', () => {
    for (const bad of [
      null,
      '',
      'profile',
      'https://evil.example/',
      '//evil.example/x',
      '/.//evil.example/x',
      '/./../..//evil.example/x',
      '/%2e//evil.example/x',
      '/%2E%2E//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/x\\..\\..\\/evil.example',
      '/%2F%2Fevil.example',
      '/%5cevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      '/\u0000x',
    ]) {
      expect(localPath(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
