import type { APIRequestContext, Page } from '@playwright/test';
import { hasPrice } from '../../src/shared/money.ts';
import { expect, waitForHydration } from './fixtures.ts';

type ApiProduct = { id: number; slug: string; name: string; price: number | null; stock: number | null };

/** A new customer, logged in in this context (the registration answer sets the session); their email. */
export async function registerCustomer(api: APIRequestContext, tag: string): Promise<string> {
  const unique = `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `buyer.${unique}@example.ru`;
  const res = await api.post('/api/register', { data: { username: `buyer_${unique}`, email, password: 'Крепкий-пароль-2026', consent: true } });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/** The cheapest product with a price and stock to spare: below the free-delivery threshold, so delivery costs 500 ₽. */
export async function cheapProductInStock(request: APIRequestContext): Promise<ApiProduct> {
  const list = (await (await request.get('/api/products?sort=price-low')).json()) as { products: ApiProduct[] };
  const product = list.products.find((p) => hasPrice(p.price) && (p.stock ?? 0) >= 4);
  expect(product, 'a product in stock').toBeDefined();
  return product!;
}

/** The product put in the cart from its page, as a customer does; then the checkout form. */
export async function cartToCheckout(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await waitForHydration(page);
  await page.getByRole('main').getByRole('button', { name: 'Добавить в корзину' }).first().click();
  await expect(page.getByText('Товар успешно добавлен в вашу корзину', { exact: true })).toBeVisible();
  await page.goto('/checkout');
  await waitForHydration(page);
  return page.getByRole('form', { name: 'Оформление заказа' });
}

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
