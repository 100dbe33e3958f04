import { adminListPage } from '#client/features/admin/lib/list-page.ts';
import { keepPreviousData, queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import { apiRequest, failure, parseBody, toQueryString } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { branchTransfersQuery, branchesQuery } from '#client/lib/branches.ts';
import type { BranchTransfer } from '#shared/transfers.ts';
import type { BranchTransfersInput } from '#shared/schemas/branch-transfers.ts';
import type { BackupSettings } from '#shared/schemas/backup.ts';
import type { BranchInput } from '#shared/schemas/branch-form.ts';
import type { AdminBranch } from '#shared/schemas/branches.ts';
import type { Exchange1cLogPage, Exchange1cSettings, Exchange1cSettingsInput, Exchange1cSettingsView } from '#shared/schemas/exchange-1c.ts';
import type { PaymentSettings, PaymentSettingsAnswer } from '#shared/schemas/payments.ts';
import type { SellerRequisites, SellerRequisitesAnswer } from '#shared/schemas/seller-requisites.ts';
import type { PublicSettings, SeoSettings, ShopSettings } from '#shared/schemas/settings.ts';
import type { StaffAction, StaffActionKind, StaffActionPerson } from '#shared/staff-actions.ts';
import type { BackupFile, BackupOverview } from '#shared/types.ts';
import { saveTo, useStaffMutation } from '#client/features/admin/lib/staff-mutation.ts';

const SETTINGS_FRESH_MS = 5 * 60_000;
const SETTINGS_KEPT_MS = 15 * 60_000;

/** GET /api/admin/settings/`name`: fresh 5 min, kept 15 min (spec 7). */
const settingsQuery = <T>(name: string) =>
  queryOptions({
    queryKey: ['admin', 'settings', name],
    queryFn: ({ client, signal }) => apiRequest<T>(`/api/admin/settings/${name}`, { client, signal }),
    staleTime: SETTINGS_FRESH_MS,
    gcTime: SETTINGS_KEPT_MS,
  });

export const adminShopSettingsQuery = () => settingsQuery<ShopSettings>('shop');
export const adminSeoSettingsQuery = () => settingsQuery<SeoSettings>('seo');

/**
 * PUT /api/admin/settings/`name`: the answer replaces the admin's copy, then `also` keeps in step
 * what else shows the settings.
 */
function useSettingsSave<Answer, Data>(
  name: string,
  callbacks: MutationCallbacks<Answer, Data>,
  also: (saved: Answer, queryClient: QueryClient) => void = () => {},
) {
  return useStaffMutation(
    (data: Data) => apiRequest<Answer>(`/api/admin/settings/${name}`, { method: 'PUT', body: data }),
    (saved, _data, queryClient) => {
      queryClient.setQueryData(settingsQuery<Answer>(name).queryKey, saved);
      also(saved, queryClient);
    },
    callbacks,
  );
}

/**
 * Saves the shop or SEO settings. A saved value shows in the storefront at once: the storefront's
 * `['settings', 'public']` is replaced by what the server saved too, then read again (and, for
 * the shop's, the carts whose totals follow them).
 */
export function useSaveSettings<K extends 'shop' | 'seo'>(kind: K, callbacks: MutationCallbacks<PublicSettings[K], PublicSettings[K]>) {
  return useSettingsSave(kind, callbacks, (saved, queryClient) => {
    queryClient.setQueryData<PublicSettings>(publicSettingsQuery().queryKey, (current) => (current ? { ...current, [kind]: saved } : current));
    void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey });
    // A cart's totals follow the shop's free-delivery threshold and VAT rate.
    if (kind === 'shop') void queryClient.invalidateQueries({ queryKey: ['cart'] });
  });
}

/** GET /api/admin/settings/payment: the receipts' settings, whether YooKassa is connected, the notification address. */
export const adminPaymentSettingsQuery = () => settingsQuery<PaymentSettingsAnswer>('payment');

/** Saves the tab «Оплата» (nothing of it is on the storefront). */
export const useSavePaymentSettings = (callbacks: MutationCallbacks<PaymentSettingsAnswer, PaymentSettings>) => useSettingsSave('payment', callbacks);

/** GET /api/admin/settings/requisites: the seller's requisites and what an invoice still needs. */
export const adminRequisitesQuery = () => settingsQuery<SellerRequisitesAnswer>('requisites');

/** Saves the tab «Реквизиты»; whether checkout offers «Оплата по счёту» follows (the public settings are read again). */
export function useSaveRequisites(callbacks: MutationCallbacks<SellerRequisitesAnswer, SellerRequisites>) {
  return useSettingsSave('requisites', callbacks, (_saved, queryClient) => {
    void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey });
  });
}

export const backupsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'backups'],
    queryFn: ({ client, signal }) => apiRequest<BackupOverview>('/api/admin/backups', { client, signal }),
    staleTime: 30_000,
  });

const invalidateBackups = (_answer: unknown, _variables: unknown, queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: backupsQuery().queryKey });
};

/** Makes a full copy of the data now; the list of copies is read again. */
export function useCreateBackup(callbacks: MutationCallbacks<BackupFile>) {
  return useStaffMutation(() => apiRequest<BackupFile>('/api/admin/backups', { method: 'POST' }), invalidateBackups, callbacks);
}

/** Saves the automatic copies' settings; the overview is read again. */
export function useSaveBackupSettings(callbacks: MutationCallbacks<BackupSettings, BackupSettings>) {
  return useStaffMutation((data: BackupSettings) => apiRequest<BackupSettings>('/api/admin/settings/backup', { method: 'PUT', body: data }), invalidateBackups, callbacks);
}

/** The filters of «Журнал действий»: a person ('' all, `id:5`, or a deleted user's `name:ivan`), a kind, shop days. */
export type StaffLogFilters = { person: string; kind: StaffActionKind | ''; startDate: string; endDate: string };
export const NO_STAFF_LOG_FILTERS: StaffLogFilters = { person: '', kind: '', startDate: '', endDate: '' };

const personQuery = (person: string) =>
  person.startsWith('id:') ? { userId: person.slice(3) } : person.startsWith('name:') ? { username: person.slice(5) } : {};

/** GET /api/admin/staff-actions: a page of the log, newest first; the previous page stands in while the next loads. */
export const staffActionsQuery = (filters: StaffLogFilters & { page: number }) =>
  queryOptions({
    queryKey: ['admin', 'staff-actions', 'list', filters],
    queryFn: adminListPage<{ actions: StaffAction[]; total: number }>('/api/admin/staff-actions', {
      ...personQuery(filters.person),
      kind: filters.kind,
      startDate: filters.startDate,
      endDate: filters.endDate,
      page: filters.page,
    }),
    // A log is read fresh each time the tab opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The people of the person filter: everyone with entries, deleted users too. */
export const staffActionPeopleQuery = () =>
  queryOptions({
    queryKey: ['admin', 'staff-actions', 'people'],
    queryFn: ({ client, signal }) => apiRequest<StaffActionPerson[]>('/api/admin/staff-actions/people', { client, signal }),
    staleTime: 60_000,
  });

/**
 * A file the API gives for a POST with a JSON body (a backup, which needs the password), saved
 * by the browser under `fileName`. A refusal throws the same ApiError as apiRequest.
 */
async function downloadFile(path: string, body: unknown, fileName: string): Promise<void> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw failure(res, await parseBody(res), 'POST', path);
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads a copy: the administrator's password goes with the request (the server asks for it every time). */
export function useDownloadBackup(callbacks: MutationCallbacks<void, { name: string; currentPassword: string }>) {
  return useMutation({
    mutationFn: ({ name, currentPassword }: { name: string; currentPassword: string }) =>
      downloadFile(`/api/admin/backups/${encodeURIComponent(name)}/download`, { currentPassword }, name),
    ...callbacks,
  });
}

export const adminBranchesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'branches'],
    queryFn: ({ client, signal }) => apiRequest<AdminBranch[]>('/api/admin/branches', { client, signal }),
  });

/** Branches show on every storefront page: after a change the admin's list and the storefront's are read again. */
const branchesChanged = (_answer: unknown, _variables: unknown, queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: adminBranchesQuery().queryKey });
  void queryClient.invalidateQueries({ queryKey: branchesQuery().queryKey });
  void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey });
};

/** Adds a branch (`editing` null) or saves one. */
export function useSaveBranch(editing: AdminBranch | null, callbacks: MutationCallbacks<AdminBranch, BranchInput>) {
  return useStaffMutation((data: BranchInput) => saveTo<AdminBranch>('/api/admin/branches', editing?.id ?? null, data, 'PUT'), branchesChanged, callbacks);
}

export function useDeleteBranch(callbacks: MutationCallbacks<{ message: string }, number>) {
  return useStaffMutation((id: number) => apiRequest<{ message: string }>(`/api/admin/branches/${id}`, { method: 'DELETE' }), branchesChanged, callbacks);
}

export const adminTransfersQuery = () =>
  queryOptions({
    queryKey: ['admin', 'branch-transfers'],
    queryFn: ({ client, signal }) => apiRequest<BranchTransfer[]>('/api/admin/branch-transfers', { client, signal }),
  });

/** Saves the whole table of transfer days; the storefront's copy is read again. */
export function useSaveTransfers(callbacks: MutationCallbacks<BranchTransfer[], BranchTransfersInput>) {
  return useStaffMutation(
    (data: BranchTransfersInput) => apiRequest<BranchTransfer[]>('/api/admin/branch-transfers', { method: 'PUT', body: data }),
    (saved, _data, queryClient) => {
      queryClient.setQueryData(adminTransfersQuery().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: branchTransfersQuery().queryKey });
    },
    callbacks,
  );
}

export const exchange1cSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'exchange-1c'],
    queryFn: ({ client, signal }) => apiRequest<Exchange1cSettingsView>('/api/admin/settings/exchange-1c', { client, signal }),
  });

/** Saves the exchange account, price type, hiding rule and warehouse mapping; the settings are read again. */
export function useSaveExchange1c(callbacks: MutationCallbacks<{ settings: Exchange1cSettings }, Exchange1cSettingsInput>) {
  return useStaffMutation(
    (data: Exchange1cSettingsInput) => apiRequest<{ settings: Exchange1cSettings }>('/api/admin/settings/exchange-1c', { method: 'PUT', body: data }),
    (saved, _data, queryClient) => {
      queryClient.setQueryData<Exchange1cSettingsView>(exchange1cSettingsQuery().queryKey, (view) => (view ? { ...view, settings: saved.settings } : view));
      void queryClient.invalidateQueries({ queryKey: exchange1cSettingsQuery().queryKey });
    },
    callbacks,
  );
}

/** GET /api/admin/exchange-1c/log: a page of exchanges, newest first; the previous page stands in while the next loads. */
export const exchange1cLogQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'exchange-1c', 'log', page],
    queryFn: ({ client, signal }) => apiRequest<Exchange1cLogPage>(`/api/admin/exchange-1c/log${toQueryString({ page })}`, { client, signal }),
    // 1C exchanges on its own schedule: the log is read fresh each time the tab opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
