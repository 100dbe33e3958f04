import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { ResponseCache } from '../core/http-cache.ts';
import { SESSION_COOKIE_MARK } from '../core/session-cookie.ts';

/** A cache whose remembered URLs (all under `prefix`) the front door may answer. */
export type FrontDoorSource = {
  prefix: string;
  cache: ResponseCache;
  /** Asked before each lookup: false sends the request the full way (a change made by another process may be unseen yet). */
  mayAnswer?: () => boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Where modules offer cached public answers to be served before routing. */
    frontDoor: FrontDoor;
  }
}

/**
 * Answers repeated anonymous GETs of cached public bodies straight from the HTTP server, before
 * Fastify builds a request, runs its hooks and validates: what is left is a map lookup and a
 * socket write, which is what a cached catalogue page should cost (docs/decisions/012).
 *
 * It only answers URLs the full path has already answered from a cache since the last change
 * (ResponseCache.rememberUrl), and only for callers with no session, while the shop is known not
 * to be in maintenance; everything else, including any doubt, goes to Fastify. App.inject (tests,
 * server rendering) never passes through here.
 */
export class FrontDoor {
  private readonly sources: FrontDoorSource[] = [];

  /**
   * `open`: whether anonymous visitors may be answered at all now (maintenance mode is off).
   * `headers`: what this shop adds to every answer beyond the cache's own (HSTS over https).
   */
  constructor(
    private readonly open: () => boolean,
    private readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  add(source: FrontDoorSource) {
    this.sources.push(source);
  }

  /** Fastify's server: node:http with the front door before Fastify's own handler. */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const server = http.createServer((request, response) => {
      if (!this.answer(request, response)) handler(request, response);
    });
    // What Fastify sets on a server it creates itself; it fills these options before calling.
    const timeouts = options as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.requestTimeout = timeouts.requestTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    return server;
  };

  /** Answers the request and returns true, or returns false and leaves it untouched. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url;
    if (request.method !== 'GET' || !url || this.sources.length === 0) return false;
    // A signed-in visitor (maybe staff) goes the full way; a stray match only costs speed.
    if (request.headers.cookie?.includes(SESSION_COOKIE_MARK)) return false;
    const source = this.sources.find((s) => url.startsWith(s.prefix));
    if (!source || !this.open()) return false;
    if (source.mayAnswer && !source.mayAnswer()) return false;
    const body = source.cache.forUrl(url);
    if (!body) return false;
    const { status, headers, payload } = source.cache.answer(body, {
      ifNoneMatch: request.headers['if-none-match'],
      acceptEncoding: request.headers['accept-encoding'],
    });
    for (const [name, value] of Object.entries(this.headers)) response.setHeader(name, value);
    response.writeHead(status, headers);
    response.end(payload ?? undefined);
    return true;
  }
}
