import type { FastifyRequest } from 'fastify';
import type { z } from '#shared/schemas/z.ts';
import type { App } from '../core/app-types.ts';
import { enforce, type RateRule } from '../modules/rate-limits/service.ts';
import type { ApiError } from '../core/api-error.ts';

/**
 * Notifications come from the service's few servers: a generous limit per address that a flood
 * from elsewhere still meets (each notification costs one API call).
 */
const NOTIFICATION_LIMIT: RateRule = { limit: 600, windowMs: 60_000, message: 'Слишком много уведомлений.' };

export type Notifications<B extends z.ZodType> = {
  url: string;
  tags: string[];
  summary: string;
  /** Only a pointer to what the service's API says: nothing in it is believed. */
  body: B;
  /** The rate limit's key, before the address. */
  limitKey: string;
  /** The log's name of a notification. */
  name: string;
  /** The failures of the service's API, and what the service reads while it cannot be asked. */
  failure: { error: abstract new (...args: never[]) => ApiError; message: string };
  /** Checks the notification with the API and acts on it; what it gives is logged, nothing when null. */
  handle: (body: z.output<B>, request: FastifyRequest) => Promise<Record<string, unknown> | null>;
};

/**
 * A service's notifications, server to server (no session): 200 once the API has confirmed one
 * and it is handled; while the API cannot be asked, 503 and not acknowledged, so the service
 * sends it again.
 */
export function notificationsRoute<B extends z.ZodType>(app: App, spec: Notifications<B>) {
  const { url, tags, summary, body, limitKey, name, failure, handle } = spec;
  app.post(url, { config: { access: 'public' }, schema: { tags, summary, body } }, async (request, reply) => {
    await enforce(app.deps.db, `${limitKey}:${request.ip}`, NOTIFICATION_LIMIT, app.deps.clock(), app.deps.config.rateLimitFactor);
    try {
      const outcome = await handle(request.body as z.output<B>, request);
      if (outcome) request.log.info(outcome, name);
    } catch (error) {
      if (!(error instanceof failure.error)) throw error;
      request.log.error({ err: error }, `${name} could not be checked`);
      return reply.status(503).send({ message: failure.message });
    }
    return reply.status(200).send({});
  });
}
