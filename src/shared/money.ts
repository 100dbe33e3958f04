/** Money is integer kopecks inside, roubles at the API, whole roubles on customer screens. */
import { formatNumber } from './number-format.ts';

/** Whole roubles the Russian way, «12 990 ₽» with no-break spaces (see formatNumber). */
export const formatRub = (roubles: number) => `${formatNumber(Math.round(roubles))}\u00a0₽`;

let kopecksFormat: Intl.NumberFormat | undefined;
/** Money paid back or still refundable may have kopecks (a partial refund): shown to the kopeck when it has them. */
export const formatRubExact = (roubles: number) =>
  Number.isInteger(Math.round(roubles * 100) / 100)
    ? formatRub(roubles)
    : (kopecksFormat ??= new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(roubles);

/** Prices are kept in kopecks in a 32-bit column: 20 million roubles is the most it holds with room to spare. */
export const MAX_PRICE_RUB = 20_000_000;
export const MAX_PRICE_KOPECKS = MAX_PRICE_RUB * 100;

export const rubToKopecks = (roubles: number) => Math.round(roubles * 100);
export const kopecksToRub = (kopecks: number) => kopecks / 100;

/** VAT added on top of an amount without it, in whole roubles (spec 9); kopecks in and out. */
export const vatOnTopKopecks = (kopecks: number, rate: number) => Math.round((kopecks * rate) / 10_000) * 100;

/** A catalogue price without VAT as the customer pays it, VAT added (one unit, roubles). */
export const priceWithVatRub = (roubles: number, rate: number) => kopecksToRub(rubToKopecks(roubles) + vatOnTopKopecks(rubToKopecks(roubles), rate));

/** A price of zero or missing means "price on request". */
export const hasPrice = (price: number | null | undefined): price is number =>
  typeof price === 'number' && price > 0;

export const discountPercent = (price: number | null, originalPrice: number | null) =>
  price && originalPrice && originalPrice > price
    ? Math.round(((originalPrice - price) / originalPrice) * 100)
    : 0;
