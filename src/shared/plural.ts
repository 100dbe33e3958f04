/** Russian plural form: 1 товар, 2-4 товара, 5+ товаров (11-14 are "many"). */
export function pluralRu(n: number, one: string, few: string, many: string): string {
  const mod10 = Math.abs(n) % 10;
  const mod100 = Math.abs(n) % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

export const productsCount = (n: number) => `${n} ${pluralRu(n, 'товар', 'товара', 'товаров')}`;
