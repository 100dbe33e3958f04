import type { Db } from '../db/connection.ts';
import { HttpError, badRequest } from '../core/http-errors.ts';
import { getOrganization } from '../modules/organizations/service.ts';
import type { OrderBuyerCompany } from '#shared/organizations.ts';
import type { CreateOrderInput } from '#shared/schemas/checkout.ts';

export const OWN_ORGANIZATION_MESSAGE = 'Выберите свою организацию';

/**
 * The organisation a company order is placed for, copied as it is now (issue 27): the order keeps
 * this copy, so a later edit of the organisation changes no placed order. Another customer's
 * organisation, or one deleted meanwhile, is a field error on «Покупатель»; a person buys as null.
 */
export async function companyBuyerOf(db: Db, userId: number, buyer: CreateOrderInput['buyer']): Promise<OrderBuyerCompany | null> {
  if (buyer.type !== 'company') return null;
  try {
    const { id, ...organization } = await getOrganization(db, userId, buyer.organizationId);
    return { ...organization, organizationId: id };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw badRequest(OWN_ORGANIZATION_MESSAGE, { buyer: [OWN_ORGANIZATION_MESSAGE] });
    throw error;
  }
}
