import type { APIRequestContext } from '@playwright/test';
import { hasPrice } from '../../src/shared/money.ts';
import { expect } from './fixtures.ts';

type ApiProduct = { id: number; name: string; price: number | null; stock: number | null };

/** Products with a price and at least `stock` units, as the catalogue lists them. */
export async function productsInStock(request: APIRequestContext, stock = 5): Promise<ApiProduct[]> {
  const list = (await (await request.get('/api/products?limit=48')).json()) as { products: ApiProduct[] };
  return list.products.filter((p) => hasPrice(p.price) && (p.stock ?? 0) >= stock);
}

/** An order placed through the API (by a logged-in customer or a visitor), as checkout does it; `order` overrides the form's fields. */
export async function placeOrder(customer: APIRequestContext, email: string, order: Record<string, unknown> = {}, productId?: number) {
  const product = productId ?? (await productsInStock(customer))[0]?.id;
  expect(product, 'a product in stock').toBeDefined();
  const cartId = crypto.randomUUID();
  expect((await customer.post('/api/cart/items', { data: { cartId, productId: product, quantity: 1 } })).ok()).toBe(true);
  const cart = (await (await customer.get(`/api/cart/${cartId}`)).json()) as { generation: number };
  const res = await customer.post('/api/orders', {
    data: {
      customerName: 'Покупатель Проверочный',
      customerEmail: email,
      customerPhone: '+7 900 555-44-33',
      address: 'ул. Мира, д. 5, кв. 12',
      city: 'Волгоград',
      postalCode: '400005',
      paymentMethod: 'cash',
      consent: true,
      cartId,
      cartGeneration: cart.generation,
      ...order,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
