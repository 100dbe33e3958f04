import { apiRequest } from '#client/lib/api.ts';
import type { CreateOrderInput } from '#shared/schemas/checkout.ts';
import type { Order } from '#shared/types.ts';

/** POST /api/orders: the cart becomes an order (the server checks the cart's generation and total). */
export const placeOrder = (body: CreateOrderInput) => apiRequest<Order>('/api/orders', { method: 'POST', body });
