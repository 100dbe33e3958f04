import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { resolveHead } from '#client/lib/head.ts';
import type { MetaFn } from '#client/lib/page.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';

const setMeta = (selector: string, attr: 'content' | 'href', value: string) => {
  document.head.querySelector(selector)?.setAttribute(attr, value);
};

/**
 * The server writes the full head; after client-side navigation this keeps the title,
 * description, canonical and social tags in step with the page, from the same route meta.
 */
export function DocumentHead({ settings }: { settings: PublicSettings }) {
  const matches = useMatches();
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    const match = [...matches].reverse().find((m) => (m.handle as { meta?: MetaFn } | undefined)?.meta);
    const url = new URL(location.pathname + location.search, window.location.origin);
    const meta = match ? (match.handle as { meta: MetaFn }).meta({ params: match.params, queryClient, settings, url }) : {};
    const head = resolveHead(meta, settings, window.location.origin, location.pathname);
    document.title = head.title;
    setMeta('meta[name="description"]', 'content', head.description);
    setMeta('link[rel="canonical"]', 'href', head.canonical);
    setMeta('meta[property="og:title"]', 'content', head.title);
    setMeta('meta[property="og:description"]', 'content', head.description);
    setMeta('meta[property="og:url"]', 'content', head.canonical);
  }, [matches, location, queryClient, settings]);
  return null;
}
