import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { ScrapeResult } from '#shared/schemas/web-scraper.ts';

/** Reads a supplier's product page on the server: the card, the stored pictures, the shop's products with its SKUs. */
export function useExtractProduct(callbacks: MutationCallbacks<ScrapeResult, string> = {}) {
  return useMutation({
    mutationFn: (url: string) => apiRequest<ScrapeResult>('/api/admin/web-scraper/extract', { method: 'POST', body: { url } }),
    ...callbacks,
  });
}
