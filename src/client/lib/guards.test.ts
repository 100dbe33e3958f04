import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { requireUser, safeNext } from './guards.ts';
import { sessionQuery } from './session.ts';

describe('safeNext', () => {
  it('keeps paths on this site with their query', () => {
    expect(safeNext('/profile')).toBe('/profile');
    expect(safeNext('/order-complete/12?x=1#top')).toBe('/order-complete/12?x=1#top');
  });

  it('refuses anything that could leave the site or loop back to login', () => {
    for (const bad of [null, '', 'profile', 'https://evil.example/', '//evil.example/x', '/\\evil.example', '/\\/evil.example', '/.//evil.example/x', '/%5c/evil.example', 'javascript:alert(1)', '/auth', '/auth?next=/profile', '/\u0000x']) {
      expect(safeNext(bad), String(bad)).toBe('/');
    }
    expect(safeNext('//evil.example', '/profile')).toBe('/profile');
  });
});

describe('requireUser', () => {
  const request = new Request('http://shop.test/profile?tab=addresses');

  it('sends a visitor to /auth with the page to come back to', async () => {
    const client = new QueryClient();
    client.setQueryData(sessionQuery().queryKey, null);
    const thrown = await requireUser(client, request).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/auth?next=%2Fprofile%3Ftab%3Daddresses');
  });

  it('returns the logged-in user', async () => {
    const client = new QueryClient();
    const user = { id: 7, username: 'ivan', email: 'ivan@example.ru', role: 'user' as const, fullName: null, phone: null };
    client.setQueryData(sessionQuery().queryKey, user);
    await expect(requireUser(client, request)).resolves.toEqual(user);
  });
});
