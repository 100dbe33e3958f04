import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { Access, GuardedRoute } from '#server/core/app-types.ts';
import { pagePath, requestFor, type FuzzBody, type FuzzRequest, type KnownValues } from './arbitraries.ts';
import { Tally, hasStackTrace, isHtml, isNoStore, isPrivate, missingHtmlHeaders } from './answers.ts';
import { ACCOUNTS_ONLY, ALL_PRIVILEGED, privilegedChanges, snapshotPrivileged } from './privileged.ts';
import { ROLES, type Role, type Shop } from './shop.ts';

/** What the fuzzer aims at: a route of the table, or «pages», every address the router leaves to the SSR. */
export type Target = { method: string; url: string; access: Access; page: boolean; schema?: Record<string, unknown> };

/**
 * Every route of the table once (HEAD answers as GET does; the API documentation is a
 * third-party page), and the pages.
 */
export function targetsOf(table: GuardedRoute[]): Target[] {
  const routes = table
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !route.url.startsWith('/api/docs'))
    .map((route) => ({ ...route, page: false, schema: route.schema as Record<string, unknown> | undefined }));
  return [...routes, { method: 'GET', url: '(pages)', access: 'public', page: true }];
}

/**
 * Each of the build's files (a route of its own) gets a few requests, and so does making a
 * backup (a copy of the whole database, about a second each, with no body to vary); the pages,
 * many shapes of address, three shares.
 */
const FEW = 2;
const PAGES_SHARES = 3;
const SLOW_ROUTES = new Set(['POST /api/admin/backups']);

/** How many requests of a role's `perRole` each target gets: the API routes and the pages share what the few leave. */
function sharesOf(targets: Target[], perRole: number): (target: Target) => number {
  const isFew = (target: Target) => !target.page && (!target.url.startsWith('/api/') || SLOW_ROUTES.has(`${target.method} ${target.url}`));
  const few = targets.filter(isFew).length;
  const shares = targets.length - few - 1 + PAGES_SHARES;
  const apiShare = Math.max(FEW, Math.ceil((perRole - few * FEW) / shares));
  return (target) => (target.page ? apiShare * PAGES_SHARES : isFew(target) ? FEW : apiShare);
}

/** A fuzzed request as Fastify's inject takes it. */
function injectOptions(method: string, request: FuzzRequest, cookie: string | undefined, address: string): InjectOptions {
  const options: InjectOptions = { method: method as InjectOptions['method'], url: request.url, remoteAddress: address, headers: cookie ? { cookie } : {} };
  const body: FuzzBody = request.body;
  if (body.kind === 'json') {
    options.headers!['content-type'] = 'application/json';
    options.payload = JSON.stringify(body.value) ?? 'null';
  } else if (body.kind === 'raw') {
    options.headers!['content-type'] = body.contentType;
    options.payload = body.text;
  }
  return options;
}

const describe = (role: Role, method: string, request: FuzzRequest, status: number) => {
  const body = request.body.kind === 'json' ? JSON.stringify(request.body.value) : request.body.kind === 'raw' ? request.body.text : '';
  return `${role} ${method} ${request.url.slice(0, 160)} ${body.slice(0, 160)} → ${status}`;
};

export type FuzzResult = {
  requests: number;
  targets: number;
  perRole: Record<Role, number>;
  tally: Tally;
  privileged: string[];
};

/**
 * The fuzzer: `total` generated requests spread evenly over the targets and the four roles,
 * role by role from the least privileged, so that what anonymous callers, customers and
 * managers may not write is checked against a snapshot taken before their turn. Every answer
 * is judged: no 5xx, no stack trace, the HTML headers, `no-store` on private answers.
 */
export async function fuzz(shop: Shop, known: KnownValues, total: number, seed: number, https: boolean): Promise<FuzzResult> {
  const targets = targetsOf(shop.app.routeTable);
  const tally = new Tally();
  const privileged: string[] = [];
  const perRole = { anonymous: 0, customer: 0, manager: 0, admin: 0 };
  const share = sharesOf(targets, Math.ceil(total / ROLES.length));
  const db = shop.app.deps.db;
  let addressCounter = 0;

  for (const [roleIndex, role] of ROLES.entries()) {
    const before = await snapshotPrivileged(db);
    for (const [targetIndex, target] of targets.entries()) {
      const arbitrary = target.page ? pagePath(known) : requestFor(target, known);
      const samples = fc.sample(arbitrary, { numRuns: share(target), seed: seed + roleIndex * 1000 + targetIndex });
      for (const request of samples) {
        // A client address per request: the figures are about answers, not the rate limits.
        addressCounter += 1;
        const address = `10.77.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
        const cookie = role === 'anonymous' ? undefined : shop.cookies[role];
        const res = await shop.app.inject(injectOptions(target.method, request, cookie, address)).catch((error: { code?: string }) => {
          // A path like `/\\%FF` is one `new URL()` (inside inject) cannot parse: no request is made.
          if (error.code === 'ERR_INVALID_URL') return null;
          throw error;
        });
        if (!res) {
          tally.add('not sendable');
          continue;
        }
        perRole[role] += 1;
        if (res.statusCode >= 500) tally.add('5xx', describe(role, target.method, request, res.statusCode));
        if (hasStackTrace(res.body)) tally.add('stack trace', describe(role, target.method, request, res.statusCode));
        const html = isHtml(res.headers);
        if (html) {
          tally.add('HTML answers');
          const missing = missingHtmlHeaders(res.headers, https);
          if (missing.length) tally.add('HTML answers without the headers', `${target.method} ${request.url.slice(0, 120)}: ${missing.join(', ')}`);
        }
        if (isPrivate(target, request.url, role, html)) {
          tally.add('private answers');
          if (!isNoStore(res.headers)) tally.add('private answers without no-store', `${describe(role, target.method, request, res.statusCode)} cache-control: ${res.headers['cache-control']}`);
        }
        // A request may end its own session (logout, a password change); an administrator may
        // also demote or lock their own account, and their turn goes on as an administrator.
        if (role === 'anonymous') continue;
        if (res.statusCode === 401) await shop.renewSession(role);
        else if (role === 'admin' && target.method !== 'GET' && !(await shop.signedIn(role))) await shop.renewSession(role, true);
      }
    }
    if (role !== 'admin') {
      const ownId = role === 'anonymous' ? null : shop.userIds[role];
      const changes = await privilegedChanges(db, before, ownId, role === 'manager' ? ACCOUNTS_ONLY : ALL_PRIVILEGED);
      privileged.push(...changes.map((change) => `${role}: ${change}`));
    }
  }
  return { requests: Object.values(perRole).reduce((a, b) => a + b, 0), targets: targets.length, perRole, tally, privileged };
}
