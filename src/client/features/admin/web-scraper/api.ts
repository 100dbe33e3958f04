import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { ExtractAnswer } from '#shared/schemas/web-scraper.ts';

/** Reads a supplier's product page on the server: the card, the stored pictures, the shop's products with its SKUs, its characteristics as the shop's attributes. */
export function useExtractProduct(callbacks: MutationCallbacks<ExtractAnswer, string> = {}) {
  return useMutation({
    mutationFn: (url: string) => apiRequest<ExtractAnswer>('/api/admin/web-scraper/extract', { method: 'POST', body: { url } }),
    ...callbacks,
  });
}
