import { isStaff, type Role } from '#shared/constants.ts';

const HOUR_MS = 60 * 60 * 1000;

/** How long a session lives at most and how long it may stay unused: customers keep theirs for weeks. */
export type SessionLimits = { absoluteMs: number; idleMs: number };
export const CUSTOMER_SESSION: SessionLimits = { absoluteMs: 30 * 24 * HOUR_MS, idleMs: 7 * 24 * HOUR_MS };
/** Staff hold the keys to the shop (ASVS level 2): 12 hours at most, 2 hours idle. */
export const STAFF_SESSION: SessionLimits = { absoluteMs: 12 * HOUR_MS, idleMs: 2 * HOUR_MS };

/** The limits for the account's role now (a customer made a manager gets the staff limits at once). */
export const sessionLimits = (role: Role): SessionLimits => (isStaff(role) ? STAFF_SESSION : CUSTOMER_SESSION);

/**
 * The cookie that carries the session token. Over https it is `__Host-sid`: a browser keeps such
 * a cookie only with Secure, Path=/ and no Domain, so neither a subdomain nor a plain-http page
 * can plant or replace it. Over http (a developer's machine, tests) it is `sid`.
 */
export function sessionCookie(publicUrl: string) {
  const secure = publicUrl.startsWith('https://');
  return {
    name: secure ? '__Host-sid' : 'sid',
    options: { path: '/', httpOnly: true, sameSite: 'lax' as const, secure },
  };
}

/** How both names end: the front door only needs to know that a session cookie may be there. */
export const SESSION_COOKIE_MARK = 'sid=';
