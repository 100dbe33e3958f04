import { adminListPage } from '#client/features/admin/lib/list-page.ts';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import { ADMIN_PRODUCTS_REFRESH_MS } from '#shared/constants.ts';
import type { ProductStatusFilter } from '#shared/schemas/catalog.ts';
import type { ProductData } from '#shared/schemas/product.ts';
import type { Product, ProductListResponse, SupplierOfferView } from '#shared/types.ts';
import { invalidateCatalog } from '#client/features/admin/lib/catalog.ts';
import { useStaffDeletion } from '#client/features/admin/lib/staff-mutation.ts';

export type AdminProductFilters = { query: string; categoryId: number | null; status: ProductStatusFilter; page: number };

/** The admin list: any status for staff, 10 a page, refreshed every 30 s (spec 2.15, 9). */
export const adminProductsQuery = (filters: AdminProductFilters) =>
  queryOptions({
    queryKey: ['admin', 'products', 'list', filters],
    queryFn: adminListPage<ProductListResponse>('/api/products', {
      status: filters.status,
      query: filters.query.trim(),
      categoryId: filters.categoryId,
      // Relevance when searching; otherwise the newest first, so a new product is on page 1.
      sort: filters.query.trim() ? undefined : 'newest',
      page: filters.page,
    }),
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

/** The product's supplier offers, the price source marked. */
export const productOffersQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'products', 'offers', id],
    queryFn: ({ client, signal }) => apiRequest<SupplierOfferView[]>(`/api/admin/products/${id}/offers`, { client, signal }),
    staleTime: 0,
  });

/** Makes a supplier's offer the product's price source; the offers and the catalogue are read again. */
export function useChoosePriceSource(productId: number, callbacks: MutationCallbacks<SupplierOfferView[], number>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supplierId: number) =>
      apiRequest<SupplierOfferView[]>(`/api/admin/products/${productId}/price-source`, { method: 'PUT', body: { supplierId } }),
    onSuccess: async (offers, supplierId) => {
      queryClient.setQueryData(productOffersQuery(productId).queryKey, offers);
      await invalidateCatalog(queryClient);
      await callbacks.onSuccess?.(offers, supplierId);
    },
    onError: callbacks.onError,
  });
}

const saveProduct = (product: Product | null, data: ProductData) =>
  product
    ? apiRequest<Product>(`/api/products/${product.id}`, { method: 'PATCH', body: data })
    : apiRequest<Product>('/api/products', { method: 'POST', body: data });

/** Creates the product, or updates `product`; the catalogue is read again before `onSuccess`. */
export function useSaveProduct(product: Product | null, callbacks: MutationCallbacks<Product, ProductData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ProductData) => saveProduct(product, data),
    onSuccess: async (saved, data) => {
      await invalidateCatalog(queryClient);
      await callbacks.onSuccess?.(saved, data);
    },
    onError: callbacks.onError,
  });
}

type ActiveChange = { product: Product; isActive: boolean };

/**
 * Shows or hides a product in the catalogue. The list on screen changes at once and goes back
 * if the server refuses; either way the catalogue is read again.
 */
export function useSetProductActive(filters: AdminProductFilters, callbacks: MutationCallbacks<Product, ActiveChange>) {
  const queryClient = useQueryClient();
  const listKey = adminProductsQuery(filters).queryKey;
  return useMutation({
    mutationFn: ({ product, isActive }: ActiveChange) =>
      apiRequest<Product>(`/api/products/${product.id}`, { method: 'PATCH', body: { isActive } }),
    onMutate: async ({ product, isActive }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<ProductListResponse>(listKey);
      queryClient.setQueryData<ProductListResponse>(listKey, (data) =>
        data ? { ...data, products: data.products.map((p) => (p.id === product.id ? { ...p, isActive } : p)) } : data,
      );
      return { previous };
    },
    onError: (error, change, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      callbacks.onError?.(error, change);
    },
    onSuccess: callbacks.onSuccess,
    onSettled: () => invalidateCatalog(queryClient),
  });
}

type DeleteAnswer = { success: boolean; message: string } | { alreadyDeleted: true };

/** Deletes a product for good; success or failure, the catalogue is read again. */
export function useHardDeleteProduct(callbacks: MutationCallbacks<DeleteAnswer, Product>) {
  return useStaffDeletion((product: Product) => apiRequest<DeleteAnswer>(`/api/admin/hard-delete-product/${product.id}`, { method: 'DELETE' }), invalidateCatalog, callbacks);
}

/** Empties the catalogue; the staff member's password goes with the request. */
export function useDeleteAllProducts(callbacks: MutationCallbacks<{ before: number; after: number; message: string }, string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string) =>
      apiRequest<{ before: number; after: number; message: string }>('/api/admin/products/delete-all', { method: 'DELETE', body: { currentPassword } }),
    onSuccess: (result, currentPassword) => {
      callbacks.onSuccess?.(result, currentPassword);
      void invalidateCatalog(queryClient);
    },
    onError: callbacks.onError,
  });
}

/** Uploads a picture (JPEG, PNG or WebP up to 5 MB) and returns its address. */
export function useUploadProductImage(callbacks: MutationCallbacks<{ url: string }, File>) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<{ url: string }>('/api/admin/uploads', { method: 'POST', body: form });
    },
    ...callbacks,
  });
}
