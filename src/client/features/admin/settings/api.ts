import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { branchesQuery } from '#client/lib/branches.ts';
import type { BackupSettings } from '#shared/schemas/backup.ts';
import type { BranchInput } from '#shared/schemas/branch-form.ts';
import type { AdminBranch } from '#shared/schemas/branches.ts';
import type { PublicSettings, SeoSettings, ShopSettings } from '#shared/schemas/settings.ts';
import type { BackupFile, BackupOverview } from '#shared/types.ts';

const SETTINGS_FRESH_MS = 5 * 60_000;
const SETTINGS_KEPT_MS = 15 * 60_000;

/** GET /api/admin/settings/shop|seo: fresh 5 min, kept 15 min (spec 7). */
export const adminShopSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'shop'],
    queryFn: ({ client, signal }) => apiRequest<ShopSettings>('/api/admin/settings/shop', { client, signal }),
    staleTime: SETTINGS_FRESH_MS,
    gcTime: SETTINGS_KEPT_MS,
  });

export const adminSeoSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'seo'],
    queryFn: ({ client, signal }) => apiRequest<SeoSettings>('/api/admin/settings/seo', { client, signal }),
    staleTime: SETTINGS_FRESH_MS,
    gcTime: SETTINGS_KEPT_MS,
  });

/**
 * Saves the shop or SEO settings. A saved value shows in the storefront at once: the admin's
 * copy and the storefront's `['settings', 'public']` are both replaced by what the server
 * saved, then read again.
 */
export function useSaveSettings<K extends 'shop' | 'seo'>(kind: K, callbacks: MutationCallbacks<PublicSettings[K], PublicSettings[K]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: PublicSettings[K]) => apiRequest<PublicSettings[K]>(`/api/admin/settings/${kind}`, { method: 'PUT', body: data }),
    onSuccess: (saved, data) => {
      queryClient.setQueryData(['admin', 'settings', kind], saved);
      queryClient.setQueryData<PublicSettings>(publicSettingsQuery().queryKey, (current) => (current ? { ...current, [kind]: saved } : current));
      void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey });
      callbacks.onSuccess?.(saved, data);
    },
    onError: callbacks.onError,
  });
}

export const backupsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'backups'],
    queryFn: ({ client, signal }) => apiRequest<BackupOverview>('/api/admin/backups', { client, signal }),
    staleTime: 30_000,
  });

/** Makes a full copy of the data now; the list of copies is read again. */
export function useCreateBackup(callbacks: MutationCallbacks<BackupFile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BackupFile>('/api/admin/backups', { method: 'POST' }),
    onSuccess: (file) => {
      void queryClient.invalidateQueries({ queryKey: backupsQuery().queryKey });
      callbacks.onSuccess?.(file, undefined);
    },
    onError: callbacks.onError,
  });
}

/** Saves the automatic copies' settings; the overview is read again. */
export function useSaveBackupSettings(callbacks: MutationCallbacks<BackupSettings, BackupSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: BackupSettings) => apiRequest<BackupSettings>('/api/admin/settings/backup', { method: 'PUT', body: data }),
    onSuccess: (saved, data) => {
      void queryClient.invalidateQueries({ queryKey: backupsQuery().queryKey });
      callbacks.onSuccess?.(saved, data);
    },
    onError: callbacks.onError,
  });
}

export const backupDownloadUrl = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`;

export const adminBranchesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'branches'],
    queryFn: ({ client, signal }) => apiRequest<AdminBranch[]>('/api/admin/branches', { client, signal }),
  });

/** Branches show on every storefront page: after a change the admin's list and the storefront's are read again. */
function useBranchesChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminBranchesQuery().queryKey });
    void queryClient.invalidateQueries({ queryKey: branchesQuery().queryKey });
    void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey });
  };
}

/** Adds a branch (`editing` null) or saves one. */
export function useSaveBranch(editing: AdminBranch | null, callbacks: MutationCallbacks<AdminBranch, BranchInput>) {
  const changed = useBranchesChanged();
  return useMutation({
    mutationFn: (data: BranchInput) =>
      editing
        ? apiRequest<AdminBranch>(`/api/admin/branches/${editing.id}`, { method: 'PUT', body: data })
        : apiRequest<AdminBranch>('/api/admin/branches', { method: 'POST', body: data }),
    onSuccess: (saved, data) => {
      changed();
      callbacks.onSuccess?.(saved, data);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteBranch(callbacks: MutationCallbacks<{ message: string }, number>) {
  const changed = useBranchesChanged();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>(`/api/admin/branches/${id}`, { method: 'DELETE' }),
    onSuccess: (result, id) => {
      changed();
      callbacks.onSuccess?.(result, id);
    },
    onError: callbacks.onError,
  });
}
