import { describe, expect, it } from 'vitest';
import { priceChange, priceText, shownPriceNote, stockText } from './format.tsx';

/** Intl puts no-break spaces between thousands and before the sign; the screen shows them as spaces. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe('the importer’s prices and stock', () => {
  it('shows a price to the kopeck as the list gives it, and no price as a dash', () => {
    expect(plain(priceText(1_299_000))).toBe('12 990 ₽');
    expect(plain(priceText(3550))).toBe('35,50 ₽');
    expect(priceText(null)).toBe('—');
    expect(priceText(0)).toBe('—');
    expect(stockText(5)).toBe('5 шт.');
    expect(stockText(null)).toBe('—');
  });

  it('says how the storefront rounds a price with kopecks, and nothing for whole roubles', () => {
    expect(plain(shownPriceNote(3550))).toBe('на витрине 36 ₽');
    expect(shownPriceNote(1_299_000)).toBeNull();
    expect(shownPriceNote(null)).toBeNull();
  });

  it('says how much a price changes, up or down, only when both prices are there', () => {
    expect(plain(priceChange(1_000_00, 1_250_00))).toBe('+25 %');
    expect(plain(priceChange(1_000_00, 875_50))).toBe('-12,5 %');
    expect(priceChange(1_000_00, 1_000_00)).toBeNull();
    expect(priceChange(null, 1_000_00)).toBeNull();
  });
});
