import { describe, expect, it } from 'vitest';
import { categoryCardName, truncate } from './text.ts';

describe('text', () => {
  it('cuts category names over 20 characters to 17 plus an ellipsis', () => {
    expect(categoryCardName('Измерительный инструмент')).toBe('Измерительный инс...');
    expect(categoryCardName('Пилы и лобзики')).toBe('Пилы и лобзики');
    expect(categoryCardName('12345678901234567890')).toBe('12345678901234567890');
  });
  it('truncates with the given limit', () => expect(truncate('абвгде', 3)).toBe('абв...'));
});
