import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { MetaFn } from '#client/lib/page.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';

/**
 * The shop's public address as the server wrote it into the canonical link (PUBLIC_URL), so
 * the client builds the same absolute URLs even when the page is opened under another host.
 */
function publicOrigin(): string {
  const href = document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
  try {
    return href ? new URL(href).origin : window.location.origin;
  } catch {
    return window.location.origin;
  }
}

/**
 * The server writes the full head; after client-side navigation this rewrites every tag it
 * manages (title, description, keywords, canonical, robots, Open Graph, Twitter, JSON-LD)
 * from the same route meta, so the head of any page is the same however it was reached. The
 * head code loads with the first navigation: the server-rendered page needs none of it.
 */
export function DocumentHead({ settings }: { settings: PublicSettings }) {
  const matches = useMatches();
  const location = useLocation();
  const queryClient = useQueryClient();
  const origin = useRef<string | null>(null);
  const first = useRef(true);
  useEffect(() => {
    origin.current ??= publicOrigin();
    // The server-rendered head is already right for the first page.
    if (first.current) {
      first.current = false;
      return;
    }
    const match = [...matches].reverse().find((m) => (m.handle as { meta?: MetaFn } | undefined)?.meta);
    const publicUrl = origin.current;
    const url = new URL(location.pathname + location.search, publicUrl);
    const meta = match ? (match.handle as { meta: MetaFn }).meta({ params: match.params, queryClient, settings, url }) : {};
    let current = true;
    void import('#client/lib/head.ts').then(({ MANAGED_HEAD_SELECTOR, renderHeadTags, resolveHead }) => {
      // A later navigation has already taken over the head.
      if (!current) return;
      const head = resolveHead(meta, settings, publicUrl, location.pathname);
      const html = renderHeadTags(head, settings.shop.shopName);
      for (const el of document.head.querySelectorAll(MANAGED_HEAD_SELECTOR)) el.remove();
      document.head.append(document.createRange().createContextualFragment(html));
      document.title = head.title;
    });
    return () => {
      current = false;
    };
  }, [matches, location, queryClient, settings]);
  return null;
}
