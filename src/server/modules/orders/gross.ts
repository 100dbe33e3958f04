/**
 * What the customer pays for each order line, VAT included: with catalogue prices «без НДС» the
 * VAT the order added on top (orders.vat_kopecks) is spread over the lines by largest remainders,
 * so the shares add up exactly; with prices «с НДС» it is 0 and the lines are what they cost. The
 * 54-FZ receipt and the money a carrier collects on delivery are both made of these.
 */
export function grossLineTotals(order: { subtotalKopecks: number; vatKopecks: number }, items: readonly { totalKopecks: number }[]): number[] {
  const base = order.subtotalKopecks;
  if (base === 0) return items.map((item) => item.totalKopecks);
  const exact = items.map((item) => (item.totalKopecks * order.vatKopecks) / base);
  const shares = exact.map(Math.floor);
  let left = order.vatKopecks - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return items.map((item, i) => item.totalKopecks + shares[i]!);
}

/**
 * A line's gross total as whole-kopeck unit prices: one group, or two when the total does not
 * divide by the quantity (the few units one kopeck dearer), so quantity × price adds up exactly.
 */
export function unitPrices(grossKopecks: number, quantity: number): { quantity: number; unitKopecks: number }[] {
  const unit = Math.floor(grossKopecks / quantity);
  const dearer = grossKopecks - unit * quantity;
  if (dearer === 0) return [{ quantity, unitKopecks: unit }];
  return [
    { quantity: quantity - dearer, unitKopecks: unit },
    { quantity: dearer, unitKopecks: unit + 1 },
  ];
}
