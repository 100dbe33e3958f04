import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import type { BackupSettings } from '#shared/schemas/backup.ts';
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

export const saveShopSettings = (data: ShopSettings) => apiRequest<ShopSettings>('/api/admin/settings/shop', { method: 'PUT', body: data });
export const saveSeoSettings = (data: SeoSettings) => apiRequest<SeoSettings>('/api/admin/settings/seo', { method: 'PUT', body: data });

/**
 * A saved value shows in the storefront at once: the admin's copy and the storefront's
 * `['settings', 'public']` are both replaced by what the server saved, then read again.
 */
export function applySavedSettings<K extends 'shop' | 'seo'>(queryClient: QueryClient, kind: K, saved: PublicSettings[K]) {
  queryClient.setQueryData(['admin', 'settings', kind], saved);
  queryClient.setQueryData<PublicSettings>(publicSettingsQuery().queryKey, (current) => (current ? { ...current, [kind]: saved } : current));
  return queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey });
}

export const backupsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'backups'],
    queryFn: ({ client, signal }) => apiRequest<BackupOverview>('/api/admin/backups', { client, signal }),
    staleTime: 30_000,
  });

export const createBackup = () => apiRequest<BackupFile>('/api/admin/backups', { method: 'POST' });

export const saveBackupSettings = (data: BackupSettings) =>
  apiRequest<BackupSettings>('/api/admin/settings/backup', { method: 'PUT', body: data });

export const backupDownloadUrl = (name: string) => `/api/admin/backups/${encodeURIComponent(name)}`;
