import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { PublicUser } from '#shared/types.ts';
import { sessionQuery } from './session.ts';
import { paths } from '#client/paths.ts';
import { localPath } from '#shared/local-path.ts';

/**
 * A `next` value that is safe to send the user to after login: a path on this site only
 * (`localPath`), never back to the login page itself.
 */
export function safeNext(raw: string | null | undefined, fallback: string = paths.home): string {
  const path = localPath(raw);
  return path === null || path.split(/[?#]/, 1)[0] === paths.auth ? fallback : path;
}

/** The login page that brings the user back to this request's page afterwards. */
export function loginRedirectPath(request: Request): string {
  const url = new URL(request.url);
  return paths.authThen(url.pathname + url.search);
}

/**
 * For a route loader of a page that needs a login (decisions.md, "Routes and guards"): the
 * user, or a redirect to /auth?next=<this page> thrown for the router (on the server it
 * becomes an HTTP redirect before anything renders).
 */
export async function requireUser(queryClient: QueryClient, request: Request): Promise<PublicUser> {
  const user = await queryClient.ensureQueryData(sessionQuery());
  if (!user) throw redirect(loginRedirectPath(request));
  return user;
}
