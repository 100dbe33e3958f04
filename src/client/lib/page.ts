import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction, Params } from 'react-router';
import type { PublicSettings } from '#shared/schemas/settings.ts';

/** What a page tells the document head; missing fields fall back to the SEO settings. */
export type PageMeta = {
  title?: string;
  description?: string;
  image?: string | null;
  /** Path of the canonical URL (defaults to the current path without query). */
  canonicalPath?: string;
  noindex?: boolean;
  ogType?: 'website' | 'product' | 'article';
  jsonLd?: object[];
};

export type MetaArgs = { params: Params; queryClient: QueryClient; settings: PublicSettings; url: URL };
export type MetaFn = (args: MetaArgs) => PageMeta;

/**
 * The contract of a lazily loaded page module: its component, an optional loader factory
 * (loaders prefetch the page's queries into the shared QueryClient) and its head.
 */
export type PageModule = {
  Component: ComponentType;
  loader?: (queryClient: QueryClient) => LoaderFunction;
  meta?: MetaFn;
};
