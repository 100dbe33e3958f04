import { pluralRu } from './plural.ts';
import type { Branch, BranchStock } from './schemas/branches.ts';

/** Where the customer can get a product: in their city, only in other branches, or nowhere. */
export type Availability = { kind: 'here' | 'elsewhere' | 'none'; text: string };

/** «В наличии в Ростове-на-Дону: 4 шт.» / «Нет в вашем городе, есть в 3 филиалах» / «Нет в наличии». */
export function availabilityIn(branchStock: readonly BranchStock[], city: Pick<Branch, 'id' | 'cityIn'> | null): Availability {
  const here = city ? (branchStock.find((b) => b.branchId === city.id)?.quantity ?? 0) : 0;
  if (city && here > 0) return { kind: 'here', text: `В наличии в ${city.cityIn}: ${here} шт.` };
  const elsewhere = branchStock.filter((b) => b.quantity > 0).length;
  if (elsewhere > 0) return { kind: 'elsewhere', text: `Нет в вашем городе, есть в ${elsewhere} ${pluralRu(elsewhere, 'филиале', 'филиалах', 'филиалах')}` };
  return { kind: 'none', text: 'Нет в наличии' };
}
