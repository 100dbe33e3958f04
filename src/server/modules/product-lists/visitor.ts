import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken } from '../auth/session-service.ts';
import type { ListOwner } from './service.ts';

/** A browser's lists without an account: a random id in this cookie, only its SHA-256 in the database (as sessions). */
export const VISITOR_COOKIE = 'visitor';
const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** What a browser may send back: 32 random bytes in base64url; anything else is no visitor. */
const VISITOR_ID = /^[A-Za-z0-9_-]{43}$/;

const visitorId = (request: FastifyRequest): string | null => {
  const raw = request.cookies[VISITOR_COOKIE];
  return raw && VISITOR_ID.test(raw) ? raw : null;
};

/** The hash of the request's visitor cookie, or null without one (the login merge reads it). */
export const visitorHashOf = (request: FastifyRequest): string | null => {
  const id = visitorId(request);
  return id ? hashToken(id) : null;
};

/** Whose lists the request reads: the account once logged in, else the browser's, else nobody's. */
export function ownerOf(request: FastifyRequest): ListOwner | null {
  if (request.user) return { userId: request.user.id };
  const visitorHash = visitorHashOf(request);
  return visitorHash ? { visitorHash } : null;
}

/**
 * The owner a change is written for: a browser without a visitor cookie gets a new id, and
 * `newVisitor` tells the caller to count it. `keep` gives the browser the cookie (httpOnly,
 * SameSite=Lax, a year; Secure over https) once the change is written: a refused first addition
 * leaves the browser as it was, so the next one is counted again.
 */
export function ownerForChange(request: FastifyRequest, reply: FastifyReply, secure: boolean): { owner: ListOwner; newVisitor: boolean; keep: () => void } {
  const existing = ownerOf(request);
  if (existing) return { owner: existing, newVisitor: false, keep: () => undefined };
  const id = randomBytes(32).toString('base64url');
  return {
    owner: { visitorHash: hashToken(id) },
    newVisitor: true,
    keep: () => reply.setCookie(VISITOR_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: VISITOR_COOKIE_MAX_AGE_S }),
  };
}
