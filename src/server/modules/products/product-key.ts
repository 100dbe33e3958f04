import type { FastifyReply, FastifyRequest } from 'fastify';
import { isStaff } from '#shared/constants.ts';
import { z } from '#shared/schemas/z.ts';
import { notFound } from '../../core/http-errors.ts';
import type { CatalogAnswers } from './answer-cache/catalog-answers.ts';
import type { StockShown } from './answer-cache/memo.ts';

export const PRODUCT_NOT_FOUND = 'Товар не найден';

/** The parameters of a product's address; `t`, the original client's cache buster, is accepted and ignored. */
export const ProductAddressSchema = { params: z.object({ slugOrId: z.string() }), querystring: z.object({ t: z.unknown().optional() }) };

/**
 * The slug or number of a product's address. A blank or overlong one names no product: 404,
 * which the product page shows as «Товар не найден» (any other error would be a failed page).
 */
export function productKeyOf(raw: string): string {
  const key = raw.trim();
  if (!key || key.length > 200) throw notFound(PRODUCT_NOT_FOUND);
  return key;
}

/**
 * The handler of an answer about one product (`/products/{slugOrId}` and what hangs off it):
 * staff read it fresh, inactive products included; everyone else from the catalogue's answer
 * cache under `name|slugOrId`, an inactive product being «Товар не найден». `load` gives null
 * for no such product; `shows`, whose stock the answer shows.
 */
export function productAnswer<T>(
  answers: CatalogAnswers,
  name: string,
  load: (slugOrId: string, options: { includeInactive: boolean }) => Promise<T | null>,
  shows: (answer: T) => StockShown,
) {
  return async (request: FastifyRequest<{ Params: { slugOrId: string } }>, reply: FastifyReply) => {
    const slugOrId = productKeyOf(request.params.slugOrId);
    if (isStaff(request.user?.role)) {
      reply.header('cache-control', 'no-store');
      const answer = await load(slugOrId, { includeInactive: true });
      if (!answer) throw notFound(PRODUCT_NOT_FOUND);
      return answer;
    }
    return answers.answer(request, reply, `${name}|${slugOrId}`, () => load(slugOrId, { includeInactive: false }), shows, PRODUCT_NOT_FOUND);
  };
}
