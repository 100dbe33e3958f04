import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/connection.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { Mailer } from '../mail/transport.ts';
import type { ShopMetrics } from './metrics.ts';
import type { StaffActionKind } from '#shared/staff-actions.ts';
import type { PublicUser } from '#shared/types.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Injected so tests can move time (session expiry, tokens, rate-limit windows). */
  clock?: () => Date;
};

/**
 * Who may call a route. Every /api route declares one in `config.access`; the access plugin
 * refuses to start the app when one is missing, and enforces it before the handler runs.
 */
export type Access = 'public' | 'user' | 'staff' | 'admin';

/** One route as the access plugin saw it registered; the security figures walk them all. */
export type GuardedRoute = { method: string; url: string; access: Access; staffLog?: StaffActionKind | false; schema?: FastifySchema };

declare module 'fastify' {
  interface FastifyInstance {
    deps: { config: Config; database: Database; db: Db; mailer: Mailer; clock: () => Date };
    /** Background jobs: modules register their kinds, routes enqueue (src/server/jobs/runner.ts). */
    jobs: JobRunner;
    /** Every route with its declared access, filled as routes are registered. */
    routeTable: GuardedRoute[];
    /** The figures /metrics shows (core/metrics.ts). */
    metrics: ShopMetrics;
    /**
     * What the app builds as it starts that its first visitors would otherwise wait for (the search
     * index): a serving process listens once it is done (main.ts), so a balancer sends no
     * customer to a process just (re)started before it answers at full speed.
     */
    warmUps: Promise<unknown>[];
  }
  interface FastifyRequest {
    user: PublicUser | null;
    /** Hash of the session id of the request's cookie, when the session is valid. */
    sessionHash: string | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * What the staff action log records for this route (src/server/modules/staff-log); false for
     * a staff route that changes nothing. Required on every staff route that is not a GET.
     */
    staffLog?: StaffActionKind | false;
  }
}
