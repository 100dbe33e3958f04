import type { InjectOptions } from 'fastify';
import { LOWEST_ALLOWED, ROLES, rank, type Shop } from './shop.ts';
import { targetsOf } from './fuzz.ts';

export type MatrixResult = { checked: number; denied: number; leaks: string[] };

/**
 * The route-table authorisation matrix: every route that is not public, asked by every role
 * below the one it lets in, with a well-formed request (ids of 1, an empty JSON object), must
 * answer 401 to an anonymous caller and 403 to a signed-in one.
 */
export async function authorisationMatrix(shop: Shop): Promise<MatrixResult> {
  const result: MatrixResult = { checked: 0, denied: 0, leaks: [] };
  const guarded = targetsOf(shop.app.routeTable).filter((target) => !target.page && target.access !== 'public');
  for (const route of guarded) {
    const url = route.url.replace(/:\w+/g, '1');
    for (const role of ROLES.filter((r) => rank(r) < rank(LOWEST_ALLOWED[route.access]))) {
      const options: InjectOptions = { method: route.method as InjectOptions['method'], url, headers: role === 'anonymous' ? {} : { cookie: shop.cookies[role] } };
      if (route.method !== 'GET') Object.assign(options, { payload: {} });
      const res = await shop.app.inject(options);
      const expected = role === 'anonymous' ? 401 : 403;
      result.checked += 1;
      if (res.statusCode === expected) result.denied += 1;
      else result.leaks.push(`${role} ${route.method} ${route.url} → ${res.statusCode} (expected ${expected})`);
    }
  }
  return result;
}
