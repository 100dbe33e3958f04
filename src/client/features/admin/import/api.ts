import { apiRequest } from '#client/lib/api.ts';
import type { Product } from '#shared/types.ts';

type ImportResult = { action: 'created' | 'updated'; product: Product };

/** One bulk import item: a new SKU creates the product, a known one updates it. */
export const importProductItem = (item: unknown) => apiRequest<ImportResult>('/api/admin/products', { method: 'POST', body: item });
