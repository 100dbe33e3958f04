import type { ListKind } from './product-lists.ts';

/** How many products a list holds at most, and what the customer is told past it. */
export const LIST_LIMITS: Record<ListKind, { max: number; message: string }> = {
  favorites: { max: 100, message: 'В избранном может быть не больше 100 товаров' },
  compare: { max: 20, message: 'В сравнении может быть не больше 20 товаров' },
};
