import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isJobActive } from '#shared/jobs.ts';
import { apiRequest, toQueryString } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { ProductData } from '#shared/schemas/product.ts';
import type {
  DiscardResult,
  ItemDetail,
  ItemStatus,
  ItemsPage,
  PublishInput,
  PublishResult,
  RunView,
  StartRunInput,
} from '#shared/schemas/mass-scraper.ts';
import { invalidateCatalog } from '#client/features/admin/lib/catalog.ts';

/** How often a run on its way is read again. */
const PROGRESS_MS = 1500;

const KEY = ['admin', 'mass-scraper'] as const;

export const runsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'runs'],
    queryFn: ({ client, signal }) => apiRequest<RunView[]>('/api/admin/mass-scraper/runs', { client, signal }),
    refetchInterval: (query) => (query.state.data?.some((run) => isJobActive(run.status)) ? PROGRESS_MS : false),
    staleTime: 0,
  });

export const runQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'runs', id],
    queryFn: ({ client, signal }) => apiRequest<RunView>(`/api/admin/mass-scraper/runs/${id}`, { client, signal }),
    refetchInterval: (query) => (query.state.data && !isJobActive(query.state.data.status) ? false : PROGRESS_MS),
    staleTime: 0,
  });

export type ItemFilters = { status: ItemStatus | null; query: string; page: number };

/** A run's pages; read again with the progress while the run goes on. */
export const itemsQuery = (runId: number, filters: ItemFilters, running: boolean) =>
  queryOptions({
    queryKey: [...KEY, 'runs', runId, 'items', filters],
    queryFn: ({ client, signal }) =>
      apiRequest<ItemsPage>(
        `/api/admin/mass-scraper/runs/${runId}/items${toQueryString({ status: filters.status, query: filters.query.trim() || undefined, page: filters.page })}`,
        { client, signal },
      ),
    refetchInterval: running ? PROGRESS_MS : false,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const itemQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'items', id],
    queryFn: ({ client, signal }) => apiRequest<ItemDetail>(`/api/admin/mass-scraper/items/${id}`, { client, signal }),
    staleTime: 0,
  });

export function useStartRun(callbacks: MutationCallbacks<RunView, StartRunInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartRunInput) => apiRequest<RunView>('/api/admin/mass-scraper/runs', { method: 'POST', body: input }),
    onSuccess: async (run, input) => {
      queryClient.setQueryData(runQuery(run.id).queryKey, run);
      await queryClient.invalidateQueries({ queryKey: runsQuery().queryKey });
      await callbacks.onSuccess?.(run, input);
    },
    onError: callbacks.onError,
  });
}

export type RunAction = 'pause' | 'resume' | 'stop';

/** Staff's pause, resume and stop, through the job engine's routes. */
export function useRunAction(callbacks: MutationCallbacks<unknown, { runId: number; action: RunAction }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, action }: { runId: number; action: RunAction }) => apiRequest(`/api/admin/jobs/${runId}/${action}`, { method: 'POST' }),
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      await callbacks.onSuccess?.(data, variables);
    },
    onError: callbacks.onError,
  });
}

export function useSaveDraft(callbacks: MutationCallbacks<ItemDetail, { id: number; draft: ProductData }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: number; draft: ProductData }) =>
      apiRequest<ItemDetail>(`/api/admin/mass-scraper/items/${id}/draft`, { method: 'PUT', body: draft }),
    onSuccess: async (item, variables) => {
      queryClient.setQueryData(itemQuery(item.id).queryKey, item);
      await queryClient.invalidateQueries({ queryKey: [...KEY, 'runs', item.runId, 'items'] });
      await callbacks.onSuccess?.(item, variables);
    },
    onError: callbacks.onError,
  });
}

/** Publishing writes the catalogue: its lists are read again, with the run's pages. */
export function usePublish(callbacks: MutationCallbacks<PublishResult, PublishInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishInput) => apiRequest<PublishResult>('/api/admin/mass-scraper/items/publish', { method: 'POST', body: input }),
    onSuccess: async (result, input) => {
      await invalidateCatalog(queryClient);
      await callbacks.onSuccess?.(result, input);
    },
    onError: callbacks.onError,
  });
}

export function useDiscard(callbacks: MutationCallbacks<DiscardResult, number[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiRequest<DiscardResult>('/api/admin/mass-scraper/items/discard', { method: 'POST', body: { ids } }),
    onSuccess: async (result, ids) => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      await callbacks.onSuccess?.(result, ids);
    },
    onError: callbacks.onError,
  });
}
