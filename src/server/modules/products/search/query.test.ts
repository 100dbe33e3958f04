import { describe, expect, it } from 'vitest';
import {
  Lexicon,
  correctReading,
  cyrillicToLatin,
  latinToCyrillic,
  normalizeSku,
  planSearch,
  similarity,
  matchAnyGroup,
  matchReadings,
  tokenize,
  withSynonyms,
} from './query.ts';

describe('keyboard layouts', () => {
  it('reads Latin-layout typing as Russian and back', () => {
    expect(latinToCyrillic('lhtkm')).toBe('дрель');
    expect(latinToCyrillic('gthajhfnjh')).toBe('перфоратор');
    expect(latinToCyrillic(',jkufhrf')).toBe('болгарка');
    expect(latinToCyrillic('iehegjdthn')).toBe('шуруповерт');
    expect(cyrillicToLatin('ляс20')).toBe('kzc20');
  });
});

describe('query words', () => {
  it('lower-cases, makes ё into е, keeps dotted names and drops single letters', () => {
    expect(tokenize('Шуруповёрт P.I.T в кейсе, 20 В')).toEqual(['шуруповерт', 'p.i.t', 'кейсе', '20']);
  });

  it('takes at most eight words', () => {
    expect(tokenize('а1 б2 в3 г4 д5 е6 ж7 з8 и9 к10')).toHaveLength(8);
  });

  it('normalises SKUs without spaces, dashes, dots and slashes', () => {
    expect(normalizeSku(' KDZC02-20/2 ')).toBe('kdzc02202');
    expect(normalizeSku('kzc 20')).toBe('kzc20');
  });

  it('plans the typed words, the other-layout reading and SKU fragments', () => {
    expect(planSearch('lhtkm')).toEqual({
      readings: [[[['lhtkm']]], [[['дрель']]]],
      skus: ['lhtkm'],
      asTyped: { readings: [[[['lhtkm']]]], skus: ['lhtkm'] },
      layout: { readings: [[[['дрель']]]], skus: [] },
      otherLayout: 'дрель',
    });
    expect(planSearch('ляс20')).toMatchObject({ asTyped: { skus: [] }, layout: { readings: [], skus: ['kzc20'] }, otherLayout: 'kzc20' });
    expect(planSearch('дрель').otherLayout).toBeNull();
    expect(planSearch('KZC 20').skus).toEqual(['kzc20']);
    expect(planSearch('ляс20').skus).toEqual(['kzc20']);
    expect(planSearch('дрель ударная').skus).toEqual([]);
    expect(planSearch('!!!')).toMatchObject({ readings: [], skus: [], otherLayout: null });
  });

  it('adds what customers call a tool', () => {
    expect(withSynonyms('болгарки')).toEqual([['болгарки'], ['болгарка'], ['ушм'], ['угловая', 'шлифмашина']]);
    expect(withSynonyms('дрель')).toEqual([['дрель']]);
  });

  it('builds what to match from the words only', () => {
    const readings = planSearch("дрель ' & | ! ударная").readings;
    expect(matchReadings(readings)).toEqual({ all: [{ word: 'дрель' }, { word: 'ударная' }] });
    expect(matchAnyGroup(readings)).toEqual({ any: [{ word: 'дрель' }, { word: 'ударная' }] });
    expect(matchReadings(planSearch('болгарка').readings)).toEqual({
      any: [{ word: 'болгарка' }, { word: 'ушм' }, { all: [{ word: 'угловая' }, { word: 'шлифмашина' }] }],
    });
    expect(matchReadings(planSearch('!!!').readings)).toBeNull();
  });
});

describe('typos', () => {
  it('measures similarity as pg_trgm does', () => {
    // pg_trgm: select similarity('перфоратор', 'перфаратор') = 0.5714286
    expect(similarity('перфоратор', 'перфаратор')).toBeCloseTo(0.5714286, 6);
    expect(similarity('дрель', 'дрель')).toBe(1);
  });

  const lexicon = new Lexicon([
    ['перфоратор', 40],
    ['шуруповёрт', 30],
    ['аккумуляторный', 50],
    ['лобзик', 10],
    ['болгарка', 1],
    ['sds', 5],
  ]);

  it('suggests the catalogue words a typo or a cut-off word stands for', () => {
    expect(lexicon.suggest('перфаратор')).toEqual(['перфоратор']);
    expect(lexicon.suggest('шурупаверт')).toEqual(['шуруповерт']);
    expect(lexicon.suggest('перфор')).toEqual(['перфоратор']);
    expect(lexicon.suggest('лобзк')).toEqual(['лобзик']);
    expect(lexicon.suggest('перфоратор')).toEqual(['перфоратор']);
    expect(lexicon.suggest('кувалда')).toEqual([]);
  });

  it('widens only the unknown words of a reading', () => {
    const { reading, changed, text } = correctReading(planSearch('аккумуляторный шурупаверт').readings[0]!, lexicon);
    expect(changed).toBe(true);
    expect(text).toBe('аккумуляторный шуруповерт');
    expect(reading).toEqual([[['аккумуляторный']], [['шурупаверт'], ['шуруповерт']]]);
    expect(correctReading(planSearch('балгарка').readings[0]!, lexicon).reading).toEqual([
      [['балгарка'], ['болгарка'], ['ушм'], ['угловая', 'шлифмашина']],
    ]);
    expect(correctReading(planSearch('перфоратор').readings[0]!, lexicon).changed).toBe(false);
  });
});
