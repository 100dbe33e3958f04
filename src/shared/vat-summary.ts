import { vatInTotalLabel, vatLineLabel } from './constants.ts';

/** The amounts an order summary's VAT lines come from, as the server computed them (roubles). */
export type VatAmounts = { vat: number; vatInTotal: number; vatRate: number; pricesIncludeVat: boolean; delivery: number };

export type VatLine = { label: string; amount: number };

/**
 * The VAT lines of a cart's or an order's summary (docs/decisions/030): with prices «без НДС» the
 * 'НДС (N%)' added to the goods before the total; «в т. ч. НДС (N%)» after it, the VAT the total
 * contains, whenever that is more than the added line (prices «с НДС», or a delivery, whose price
 * includes its VAT). None «Без НДС».
 */
export function vatSummaryLines(amounts: VatAmounts): { added: VatLine | null; inTotal: VatLine | null } {
  const added = vatLineLabel(amounts.vatRate);
  const inTotal = vatInTotalLabel(amounts.vatRate);
  return {
    added: added && !amounts.pricesIncludeVat ? { label: added, amount: amounts.vat } : null,
    inTotal: inTotal && (amounts.pricesIncludeVat || amounts.delivery > 0) ? { label: inTotal, amount: amounts.vatInTotal } : null,
  };
}
