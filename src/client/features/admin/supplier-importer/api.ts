import { useEffect, useRef } from 'react';
import { keepPreviousData, queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, toQueryString } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import { SUPPLIERS_KEY } from '#client/features/admin/lib/suppliers.ts';
import { useStaffMutation } from '#client/features/admin/lib/staff-mutation.ts';
import type {
  ApplyImportInput,
  CheckImportInput,
  CreateSupplierInput,
  ImportDetail,
  ImportRowsPage,
  ImportsPage,
  PatchSupplierInput,
  ReadOptions,
  RowAction,
  Supplier,
} from '#shared/schemas/supplier-import.ts';
import { isJobActive, type JobView } from '#shared/jobs.ts';

/** How often a running job's progress is read. */
const JOB_POLL_MS = 1000;

const IMPORTS_KEY = ['admin', 'supplier-imports'] as const;

/** One supplier's imports, newest first, 20 a page. */
export const importsQuery = (supplierId: number, page: number) =>
  queryOptions({
    queryKey: [...IMPORTS_KEY, 'list', { supplierId, page }],
    queryFn: ({ client, signal }) =>
      apiRequest<ImportsPage>(`/api/admin/supplier-imports${toQueryString({ supplierId, page })}`, { client, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const isImportRunning = (detail: ImportDetail | undefined) => detail?.status === 'checking' || detail?.status === 'applying';

/**
 * One import. Read every second while its job runs: the job's end and the import's new status
 * are written one after the other, so the screen follows the import itself, not only its job.
 */
export const importQuery = (id: number) =>
  queryOptions({
    queryKey: [...IMPORTS_KEY, 'detail', id],
    queryFn: ({ client, signal }) => apiRequest<ImportDetail>(`/api/admin/supplier-imports/${id}`, { client, signal }),
    refetchInterval: (query) => (isImportRunning(query.state.data) ? JOB_POLL_MS : false),
    staleTime: 0,
  });

export type RowsFilter = { action: RowAction | null; flagged: boolean; page: number };

/** The dry run's (or the applied import's) rows, 50 a page. */
export const importRowsQuery = (id: number, filter: RowsFilter) =>
  queryOptions({
    queryKey: [...IMPORTS_KEY, 'rows', id, filter],
    queryFn: ({ client, signal }) =>
      apiRequest<ImportRowsPage>(
        `/api/admin/supplier-imports/${id}/rows${toQueryString({ action: filter.action, flagged: filter.flagged || undefined, page: filter.page })}`,
        { client, signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** A job's progress: read every second while it is queued or running. */
export const jobQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'jobs', id],
    queryFn: ({ client, signal }) => apiRequest<JobView>(`/api/admin/jobs/${id}`, { client, signal }),
    refetchInterval: (query) => (query.state.data && !isJobActive(query.state.data.status) ? false : JOB_POLL_MS),
    staleTime: 0,
  });

export const reportUrl = (id: number) => `/api/admin/supplier-imports/${id}/report.csv`;

/** An import changed: its detail and rows, the history and the suppliers' «last import» are read again. */
function refreshImport(queryClient: QueryClient, detail?: ImportDetail) {
  if (detail) queryClient.setQueryData(importQuery(detail.id).queryKey, detail);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: IMPORTS_KEY }),
    queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
  ]);
}

/** `refreshImport` with the import the server answered with. */
const importAnswered = (detail: ImportDetail, _variables: unknown, queryClient: QueryClient) => refreshImport(queryClient, detail);

/**
 * Once the import on screen has finished its dry run or its apply, what that changed (its rows,
 * the history, the suppliers' products and last import) is read again.
 */
export function useRefreshWhenSettled(detail: ImportDetail) {
  const queryClient = useQueryClient();
  const running = isImportRunning(detail);
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void refreshImport(queryClient);
    wasRunning.current = running;
  }, [running, queryClient]);
}

export function useCreateSupplier(callbacks: MutationCallbacks<Supplier, CreateSupplierInput>) {
  return useStaffMutation(
    (data: CreateSupplierInput) => apiRequest<Supplier>('/api/admin/suppliers', { method: 'POST', body: data }),
    (_saved, _data, queryClient) => queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
    callbacks,
  );
}

export function useSaveSupplier(id: number, callbacks: MutationCallbacks<Supplier, PatchSupplierInput>) {
  return useStaffMutation(
    (data: PatchSupplierInput) => apiRequest<Supplier>(`/api/admin/suppliers/${id}`, { method: 'PATCH', body: data }),
    (saved, _data, queryClient) => {
      queryClient.setQueryData<Supplier[]>(SUPPLIERS_KEY, (list) => list?.map((s) => (s.id === saved.id ? saved : s)));
    },
    callbacks,
  );
}

const NO_CONNECTION = 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';

/** The server's `{ message, errors }` of a failed upload, as apiRequest reads it. */
function uploadError(xhr: XMLHttpRequest): ApiError {
  const body = parseJson(xhr.responseText) as { message?: unknown; errors?: Record<string, string[]> } | null;
  const message = typeof body?.message === 'string' ? body.message : xhr.statusText || `Ошибка HTTP: ${xhr.status}`;
  console.error(`POST /api/admin/supplier-imports: ${xhr.status} ${message}`);
  return new ApiError(message, xhr.status, body?.errors);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export type Upload = { supplierId: number; file: File; onProgress: (fraction: number) => void; signal: AbortSignal };

/**
 * Sends a price-list file as multipart. XMLHttpRequest rather than fetch: only it reports how
 * much of the body has gone, which a 50 MB file on a phone's connection needs to show.
 * The supplier goes before the file so the server knows it before the file streams in.
 */
function uploadFile({ supplierId, file, onProgress, signal }: Upload): Promise<ImportDetail> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/supplier-imports');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as ImportDetail);
      else reject(uploadError(xhr));
    };
    xhr.onerror = () => reject(new ApiError(NO_CONNECTION, 0));
    xhr.onabort = () => reject(new DOMException('Загрузка отменена', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('supplierId', String(supplierId));
    form.append('file', file);
    xhr.send(form);
  });
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function useUploadFile(callbacks: MutationCallbacks<ImportDetail, Upload>) {
  return useStaffMutation(uploadFile, importAnswered, callbacks);
}

/** The server fetches the price list from the address itself. */
export function useUploadUrl(callbacks: MutationCallbacks<ImportDetail, { supplierId: number; url: string }>) {
  return useStaffMutation(
    (body: { supplierId: number; url: string }) => apiRequest<ImportDetail>('/api/admin/supplier-imports', { method: 'POST', body }),
    importAnswered,
    callbacks,
  );
}

/** Reads the file again another way (sheet, encoding, delimiter, header row). */
export function usePreviewImport(id: number, callbacks: MutationCallbacks<ImportDetail, ReadOptions>) {
  return useStaffMutation(
    (read: ReadOptions) => apiRequest<ImportDetail>(`/api/admin/supplier-imports/${id}/preview`, { method: 'POST', body: { read } }),
    (detail, _read, queryClient) => {
      queryClient.setQueryData(importQuery(id).queryKey, detail);
    },
    callbacks,
  );
}

type Started = { jobId: number };

/** Starts a job (dry run or apply); the import's new status and job come with its detail. */
function useStartJob<V>(id: number, path: 'check' | 'apply', callbacks: MutationCallbacks<Started, V>) {
  return useStaffMutation(
    (body: V) => apiRequest<Started>(`/api/admin/supplier-imports/${id}/${path}`, { method: 'POST', body }),
    (_started, _body, queryClient) => refreshImport(queryClient),
    callbacks,
  );
}

export const useCheckImport = (id: number, callbacks: MutationCallbacks<Started, CheckImportInput>) => useStartJob(id, 'check', callbacks);
export const useApplyImport = (id: number, callbacks: MutationCallbacks<Started, ApplyImportInput>) => useStartJob(id, 'apply', callbacks);

export function useRollbackImport(id: number, callbacks: MutationCallbacks<ImportDetail>) {
  return useStaffMutation(() => apiRequest<ImportDetail>(`/api/admin/supplier-imports/${id}/rollback`, { method: 'POST' }), importAnswered, callbacks);
}

/** Asks a running job to stop; it stops at its next checkpoint, which the progress poll shows. */
export function useStopJob(callbacks: MutationCallbacks<JobView, number>) {
  return useStaffMutation(
    (jobId: number) => apiRequest<JobView>(`/api/admin/jobs/${jobId}/stop`, { method: 'POST' }),
    (_job, jobId, queryClient) => {
      void queryClient.invalidateQueries({ queryKey: jobQuery(jobId).queryKey });
    },
    callbacks,
  );
}
