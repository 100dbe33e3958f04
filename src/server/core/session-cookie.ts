export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;

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
