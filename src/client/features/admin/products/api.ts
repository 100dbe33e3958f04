import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '#client/lib/api.ts';
import { ADMIN_PAGE_SIZE, ADMIN_PRODUCTS_REFRESH_MS } from '#shared/constants.ts';
import type { ProductInput, ProductPatch } from '#shared/schemas/product.ts';
import type { Product, ProductListResponse } from '#shared/types.ts';

export type ProductStatusFilter = 'all' | 'active' | 'inactive';
export type AdminProductFilters = { query: string; categoryId: number | null; status: ProductStatusFilter; page: number };

/** The admin list: any status for staff, 10 a page, refreshed every 30 s (spec 2.15, 9). */
export const adminProductsQuery = (filters: AdminProductFilters) =>
  queryOptions({
    queryKey: ['admin', 'products', 'list', filters],
    queryFn: ({ client, signal }) =>
      apiRequest<ProductListResponse>(
        `/api/products${toQueryString({
          status: filters.status,
          query: filters.query.trim() || undefined,
          categoryId: filters.categoryId ?? undefined,
          // Relevance when searching; otherwise the newest first, so a new product is on page 1.
          sort: filters.query.trim() ? undefined : 'newest',
          page: filters.page,
          limit: ADMIN_PAGE_SIZE,
        })}`,
        { client, signal },
      ),
    refetchInterval: ADMIN_PRODUCTS_REFRESH_MS,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One product by id, whatever its status (staff). */
export const adminProductQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'products', 'detail', id],
    queryFn: ({ client, signal }) => apiRequest<Product>(`/api/products/${id}`, { client, signal }),
    staleTime: 0,
  });

export const createProduct = (data: ProductInput) => apiRequest<Product>('/api/products', { method: 'POST', body: data });

export const updateProduct = (id: number, data: ProductPatch | ProductInput) =>
  apiRequest<Product>(`/api/products/${id}`, { method: 'PATCH', body: data });

export const setProductActive = (id: number, isActive: boolean) =>
  apiRequest<Product>(`/api/products/${id}`, { method: 'PATCH', body: { isActive } });

export const hardDeleteProduct = (id: number) =>
  apiRequest<{ success: boolean; message: string } | { alreadyDeleted: true }>(`/api/admin/hard-delete-product/${id}`, { method: 'DELETE' });

export const deleteAllProducts = () =>
  apiRequest<{ before: number; after: number; message: string }>(`/api/admin/products/delete-all`, { method: 'DELETE' });

/** Uploads a picture (JPEG, PNG or WebP up to 5 MB) and returns its address. */
export function uploadProductImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<{ url: string }>('/api/admin/uploads', { method: 'POST', body: form });
}
