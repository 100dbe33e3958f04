import { describe, expect, it } from 'vitest';
import { adminPageItems, pageItems } from './pagination.ts';

describe('pagination', () => {
  it('shows every page when there are few', () => expect(pageItems(2, 5, 7)).toEqual([1, 2, 3, 4, 5]));
  it('shows at most 7 buttons with ellipses around the current page', () => {
    expect(pageItems(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 20]);
    expect(pageItems(10, 20, 7)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
    expect(pageItems(20, 20, 7)).toEqual([1, 'ellipsis-start', 15, 16, 17, 18, 19, 20]);
  });
  it('admin lists: a window of 5 around the current page, then the last page', () => {
    expect(adminPageItems(1, 12, 5)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 12]);
    expect(adminPageItems(7, 12, 5)).toEqual([5, 6, 7, 8, 9, 'ellipsis-end', 12]);
    expect(adminPageItems(12, 12, 5)).toEqual([8, 9, 10, 11, 12]);
    expect(adminPageItems(2, 3, 5)).toEqual([1, 2, 3]);
  });
});
