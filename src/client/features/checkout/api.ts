import { queryOptions, skipToken } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import { cartQueryKey } from '#client/lib/cart.ts';
import type { Organization } from '#shared/organizations.ts';
import type { DeliveryOption, DeliveryPoint } from '#shared/delivery.ts';
import type { CartPickup } from '#shared/schemas/cart.ts';
import type { OrganizationValues } from '#shared/schemas/organization.ts';
import type { CreateOrderInput } from '#shared/schemas/checkout.ts';
import type { PlacedOrder } from '#shared/types.ts';

/** POST /api/orders: the cart becomes an order (the server checks the cart's generation and total). */
export const placeOrder = (body: CreateOrderInput) => apiRequest<PlacedOrder>('/api/orders', { method: 'POST', body });

/**
 * GET /api/cart/{cartId}/pickup: which branches can hand out the cart, and its totals without
 * delivery. Under the cart's key, so whatever refreshes the cart refreshes this too.
 */
export const cartPickupQuery = (cartId: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...cartQueryKey(cartId), 'pickup'] as const,
    queryFn: enabled ? ({ signal, client }) => apiRequest<CartPickup>(`/api/cart/${cartId}/pickup`, { signal, client }) : skipToken,
    staleTime: 0,
  });

/** GET /api/organizations: the logged-in customer's organisations, oldest first («Покупатель» at checkout). */
export const organizationsQuery = () =>
  queryOptions({
    queryKey: ['organizations'],
    queryFn: async ({ client, signal }) => (await apiRequest<{ organizations: Organization[] }>('/api/organizations', { client, signal })).organizations,
  });

/** POST /api/organizations: a new organisation of the customer, as the server saved it. */
export const createOrganization = (input: OrganizationValues) => apiRequest<Organization>('/api/organizations', { method: 'POST', body: input });

/**
 * GET /api/cart/{cartId}/delivery?city=: the ways to deliver the cart to the city with their
 * prices, days and the cart's totals. Under the cart's key: a changed cart asks again.
 */
export const cartDeliveryQuery = (cartId: string, city: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...cartQueryKey(cartId), 'delivery', city] as const,
    queryFn: enabled ? ({ signal, client }) => apiRequest<DeliveryOption[]>(`/api/cart/${cartId}/delivery?city=${encodeURIComponent(city)}`, { signal, client }) : skipToken,
    staleTime: 60_000,
  });

/** GET /api/delivery/points?city=: СДЭК's pickup points of the city. */
export const deliveryPointsQuery = (city: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['delivery-points', city] as const,
    queryFn: enabled ? ({ signal, client }) => apiRequest<DeliveryPoint[]>(`/api/delivery/points?city=${encodeURIComponent(city)}`, { signal, client }) : skipToken,
    staleTime: 10 * 60_000,
  });
