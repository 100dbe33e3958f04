import { describe, expect, it } from 'vitest';
import { isIdLike, slugify } from './slug.ts';

describe('slug', () => {
  it('transliterates Russian names', () => {
    expect(slugify('Перфоратор DCK KZC26 SDS-plus 800 Вт')).toBe('perforator-dck-kzc26-sds-plus-800-vt');
    expect(slugify('Дрели-шуруповёрты')).toBe('dreli-shurupoverty');
    expect(slugify('  Щётка, ёж & чаща!  ')).toBe('schetka-ezh-chascha');
  });
  it('tells ids from slugs', () => {
    expect(isIdLike('123')).toBe(true);
    expect(isIdLike('123-a')).toBe(false);
  });
});
