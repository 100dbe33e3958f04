import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { sessionQuery } from './session.ts';
import { MY_PRICES_MAX_IDS } from '#shared/constants.ts';
import type { MyPrices } from '#shared/schemas/customer-groups.ts';

/**
 * The signed-in customer's own prices (their customer group's), laid over the public catalogue
 * after hydration: the pages and the catalogue's cached answers carry the retail price only, the
 * same for everyone, and GET /api/prices/mine answers privately. Guests ask nothing.
 */

export type MyPrice = { price: number; retailPrice: number };

type Batch = { ids: Set<number>; answer: Promise<MyPrices> };
let open: Batch | null = null;

/** The products asked for within one tick (the cards of a page) go in one request, at most MY_PRICES_MAX_IDS each. */
function askFor(productId: number): Promise<MyPrices> {
  if (!open || open.ids.size >= MY_PRICES_MAX_IDS) {
    const ids = new Set<number>();
    const answer = new Promise<MyPrices>((resolve, reject) => {
      setTimeout(() => {
        if (open?.ids === ids) open = null;
        apiRequest<MyPrices>(`/api/prices/mine?ids=${[...ids].join(',')}`).then(resolve, reject);
      }, 0);
    });
    open = { ids, answer };
  }
  open.ids.add(productId);
  return open.answer;
}

const myPriceQuery = (userId: number | null, productId: number) =>
  queryOptions({
    queryKey: ['my-prices', userId, productId],
    queryFn: userId === null ? skipToken : async () => (await askFor(productId)).prices[productId] ?? null,
    staleTime: 60_000,
  });

/** The customer's price of the product when it differs from the retail price; null for guests, «Розница» and until known. */
export function useMyPrice(productId: number | undefined): MyPrice | null {
  const { data: user } = useQuery(sessionQuery());
  const { data } = useQuery({ ...myPriceQuery(user?.id ?? null, productId ?? 0), enabled: productId !== undefined && Boolean(user) });
  return data ?? null;
}
