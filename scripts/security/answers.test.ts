import { describe, expect, it } from 'vitest';
import { isPrivate } from './answers.ts';

const lists = { url: '/api/lists/:kind', access: 'public' as const, page: false };

describe('isPrivate', () => {
  it('holds a visitor list answer private, but not a path whose `..` leads out of the API', () => {
    expect(isPrivate(lists, '/api/lists/compare', 'anonymous', false)).toBe(true);
    expect(isPrivate(lists, '/api/lists/%2E%2E', 'anonymous', false)).toBe(true);
    expect(isPrivate(lists, '/api/lists/../..', 'anonymous', false)).toBe(false);
    expect(isPrivate(lists, '/api/lists/compare/..', 'anonymous', false)).toBe(true);
  });
});
