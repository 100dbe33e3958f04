import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { Supplier } from '#shared/schemas/supplier-import.ts';

/** The price lists' suppliers (`GET /api/admin/suppliers`): their settings page and the product form's supplier choice. */
export const SUPPLIERS_KEY = ['admin', 'suppliers'] as const;

export const suppliersQuery = () =>
  queryOptions({
    queryKey: SUPPLIERS_KEY,
    queryFn: ({ client, signal }) => apiRequest<Supplier[]>('/api/admin/suppliers', { client, signal }),
    staleTime: 0,
  });
