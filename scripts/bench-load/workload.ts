/**
 * The mixed workload: virtual customers, each on its own address (X-Forwarded-For, believed by the
 * shop behind nginx as the visitor's), one request after another without pauses. Each turn is one
 * of: a category list (sometimes filtered, sometimes with its facets), a search or suggestions, a
 * server-rendered page, a product put in a cart and the cart read, or a checkout of one of the
 * products with little stock. A checkout whose answer was lost (a 502 from nginx when the process
 * died holding the request, a dropped connection) is sent again as a browser's second click would
 * be, with the same cart generation: the shop answers with the order it already placed, if any.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { validOrderBody } from '../../tests/helpers/order-body.ts';

export type Catalogue = {
  categoryIds: number[];
  categorySlugs: string[];
  productSlugs: string[];
  /** Products in stock, for carts. */
  stockedIds: number[];
  brands: string[];
  /** Numeric characteristics' slugs and a sensible bound, for range filters. */
  numberFilters: { slug: string; min: number }[];
  lowStockIds: number[];
};

export type Customer = { cookie: string; address: string };

export const KINDS = ['list', 'filtered list', 'search', 'suggestions', 'product page', 'category page', 'cart add', 'cart read', 'checkout'] as const;
export type Kind = (typeof KINDS)[number];

/** What one kind of request gave: latencies of the answered ones, and the rest by reason. */
export type Tally = { latencies: number[]; errors: number; limited: number; refused: number };

export type Outcome = {
  tallies: Map<Kind, Tally>;
  /** Ids of the orders the customers were told about (201). */
  answeredOrders: Set<number>;
  /** Checkouts refused because the stock ran out (409 on adding to the cart or on ordering): the shop saying no, not an error. */
  soldOut: number;
  /** Checkouts that never got an answer, even after the retries. */
  unanswered: number;
  /** The first few error answers, for the report. */
  samples: string[];
};

const emptyOutcome = (): Outcome => ({
  tallies: new Map(KINDS.map((k) => [k, { latencies: [], errors: 0, limited: 0, refused: 0 }])),
  answeredOrders: new Set(),
  soldOut: 0,
  unanswered: 0,
  samples: [],
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

type Answer = { status: number; body: string; ms: number };

function request(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // Pages and lists come compressed, as a browser takes them, and are read but not decoded (that
    // would cost this client's CPU, not the shop's); the answers the customer acts on come plain.
    const keep = method !== 'GET' || url.startsWith('/api/cart');
    const sent = { ...headers, ...(keep ? {} : { 'accept-encoding': 'br, gzip' }), ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) };
    const req = http.request(
      `${base}${url}`,
      { method, agent, headers: sent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => keep && chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
        res.on('error', () => resolve({ status: 0, body: '', ms: performance.now() - started }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error), ms: performance.now() - started }));
    req.end(payload);
  });
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const WORDS = ['дрель', 'перфоратор', 'шуруповерт', 'болгарка', 'лобзик', 'аккумулятор', 'гайковерт', 'пила', 'фрезер', 'рубанок', 'lhtkm', 'перфаратор'];

export class Workload {
  private stopped = false;
  private outcome = emptyOutcome();

  constructor(
    private readonly base: string,
    private readonly catalogue: Catalogue,
    private readonly customers: Customer[],
  ) {}

  /** Starts `users` virtual customers; the returned promise settles when `finish` was called and each finished its turn. */
  run(users: number): Promise<void> {
    return Promise.all(Array.from({ length: users }, (_, i) => this.user(i))).then(() => {});
  }

  finish() {
    this.stopped = true;
  }

  /** The figures so far, and a fresh tally from now on (for the next phase). */
  takeOutcome(): Outcome {
    const taken = this.outcome;
    this.outcome = emptyOutcome();
    return taken;
  }

  private record(kind: Kind, answer: Answer) {
    const tally = this.outcome.tallies.get(kind)!;
    if (answer.status >= 200 && answer.status < 400) tally.latencies.push(answer.ms);
    else if (answer.status === 429) tally.limited++;
    else if (answer.status >= 400 && answer.status < 500) tally.refused++;
    else {
      tally.errors++;
      if (this.outcome.samples.length < 8) this.outcome.samples.push(`${kind}: ${answer.status} ${answer.body.slice(0, 160)}`);
    }
  }

  private async user(index: number) {
    const customer = this.customers[index % this.customers.length]!;
    const headers = { 'x-forwarded-for': customer.address };
    const c = this.catalogue;
    for (let turn = 0; !this.stopped; turn++) {
      const roll = Math.random();
      if (roll < 0.2) {
        this.record('list', await request(this.base, 'GET', `/api/products?categoryId=${pick(c.categoryIds)}&page=${1 + Math.floor(Math.random() * 5)}`, headers));
      } else if (roll < 0.3) {
        const number = pick(c.numberFilters);
        const filters = [`brand=${encodeURIComponent(pick(c.brands))}`, 'inStock=true', `priceMin=${1000 + Math.floor(Math.random() * 5000)}`, `attr.${number.slug}.min=${number.min}`]
          .filter(() => Math.random() < 0.6)
          .join('&');
        this.record('filtered list', await request(this.base, 'GET', `/api/products?categoryId=${pick(c.categoryIds)}&facets=true&${filters}`, headers));
      } else if (roll < 0.4) {
        this.record('search', await request(this.base, 'GET', `/api/products?query=${encodeURIComponent(pick(WORDS))}`, headers));
      } else if (roll < 0.45) {
        const word = pick(WORDS);
        this.record('suggestions', await request(this.base, 'GET', `/api/search/suggest?q=${encodeURIComponent(word.slice(0, 3 + Math.floor(Math.random() * 3)))}`, headers));
      } else if (roll < 0.65) {
        this.record('product page', await request(this.base, 'GET', `/product/${pick(c.productSlugs)}`, headers));
      } else if (roll < 0.75) {
        this.record('category page', await request(this.base, 'GET', `/category/${pick(c.categorySlugs)}`, headers));
      } else if (roll < 0.9) {
        const cartId = randomUUID();
        this.record('cart add', await request(this.base, 'POST', '/api/cart/items', headers, { cartId, productId: pick(c.stockedIds), quantity: 1 }));
        this.record('cart read', await request(this.base, 'GET', `/api/cart/${cartId}`, headers));
      } else {
        await this.checkout(customer, headers);
      }
    }
  }

  private async checkout(customer: Customer, headers: Record<string, string>) {
    const cartId = randomUUID();
    const added = await request(this.base, 'POST', '/api/cart/items', headers, { cartId, productId: pick(this.catalogue.lowStockIds), quantity: 1 });
    this.record('cart add', added);
    if (added.status === 409) this.outcome.soldOut++;
    if (added.status !== 201) return;
    const { generation } = JSON.parse(added.body) as { generation: number };
    const body = validOrderBody(cartId, { cartGeneration: generation });
    for (let attempt = 0; attempt < 6; attempt++) {
      const answer = await request(this.base, 'POST', '/api/orders', { ...headers, cookie: customer.cookie }, body);
      this.record('checkout', answer);
      // 200: this cart generation's order was placed by an earlier attempt whose answer was lost.
      if (answer.status === 201 || answer.status === 200) {
        this.outcome.answeredOrders.add((JSON.parse(answer.body) as { id: number }).id);
        return;
      }
      if (answer.status === 409) {
        this.outcome.soldOut++;
        return;
      }
      if (answer.status > 0 && answer.status < 500) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    this.outcome.unanswered++;
  }
}

/** The p-th percentile (0–100) of sorted figures. */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
