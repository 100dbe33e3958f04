import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import { invalidateCatalog } from '#client/features/admin/lib/catalog.ts';
import { saveTo, useStaffDeletion, useStaffMutation } from '#client/features/admin/lib/staff-mutation.ts';
import { slugify } from '#shared/slug.ts';
import type { AdminCategory } from '#shared/types.ts';
import {
  DEFAULT_RULE_PRIORITY,
  type AdapterSupplier,
  type AwaitingList,
  type BrandAliasData,
  type BrandAliasView,
  type CategoryRuleData,
  type CategoryRuleView,
  type MovePlan,
  type ReapplyPlan,
  type ReapplyResult,
  type SupplierCategoryRow,
  type UnitRuleData,
  type UnitRuleView,
  type UnitSpellingsData,
  type UnitSpellingsInput,
} from '#shared/schemas/catalog-adapter.ts';

const BASE = '/api/admin/catalog-adapter';
const KEY = ['admin', 'catalog-adapter'] as const;

/**
 * After a change to the rules or dictionaries: every list of this screen is read again. Previews
 * are only marked stale: the form that asked for one is about to close, and asking again now
 * would find its own rule saved already.
 */
const invalidateAdapter = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: KEY, predicate: (query) => query.queryKey[2] !== 'preview' }),
    queryClient.invalidateQueries({ queryKey: [...KEY, 'preview'], refetchType: 'none' }),
  ]);

/** `invalidateAdapter` after a save; the screen's callbacks do not wait for the lists. */
const adapterChanged = (_answer: unknown, _variables: unknown, queryClient: QueryClient) => {
  void invalidateAdapter(queryClient);
};

const read = <T>(key: readonly unknown[], path: string) =>
  queryOptions({
    queryKey: [...KEY, ...key],
    queryFn: ({ client, signal }) => apiRequest<T>(`${BASE}${path}`, { client, signal }),
  });

export const adapterSuppliersQuery = () => read<AdapterSupplier[]>(['suppliers'], '/suppliers');
export const supplierCategoriesQuery = () => read<SupplierCategoryRow[]>(['supplier-categories'], '/supplier-categories');
export const rulesQuery = () => read<CategoryRuleView[]>(['rules'], '/rules');
export const brandAliasesQuery = () => read<BrandAliasView[]>(['brand-aliases'], '/brand-aliases');
export const unitRulesQuery = () => read<UnitRuleView[]>(['unit-rules'], '/unit-rules');
/** What «Применить правила к товарам» would do now. */
export const reapplyPlanQuery = () => read<ReapplyPlan>(['reapply'], '/reapply');

export const awaitingQuery = (page: number) =>
  queryOptions({
    ...read<AwaitingList>(['awaiting', page], `/awaiting?page=${page}`),
    placeholderData: keepPreviousData,
  });

/**
 * What a rule not yet saved (a new one, or rule `id` changed) would move; null while the form
 * is not complete. A refused rule (a broken expression, a duplicate) answers its reason.
 */
export const rulePreviewQuery = (rule: CategoryRuleData | null, id: number | null) =>
  queryOptions({
    queryKey: [...KEY, 'preview', rule, id],
    queryFn: ({ signal }) => apiRequest<MovePlan>(`${BASE}/rules/preview`, { method: 'POST', body: { ...rule, ...(id ? { id } : {}) }, signal }),
    enabled: rule !== null,
    placeholderData: keepPreviousData,
  });

/** Creates a rule, or changes rule `id`. Products move only when the rules are applied. */
export function useSaveRule(id: number | null, callbacks: MutationCallbacks<CategoryRuleView, CategoryRuleData>) {
  return useStaffMutation((rule: CategoryRuleData) => saveTo<CategoryRuleView>(`${BASE}/rules`, id, rule), adapterChanged, callbacks);
}

/**
 * A shop category made from an unmapped supplier group (named after its last part: «Оснастка /
 * Буры» → «Буры»), and the group's rule to it: two writes of the existing APIs, each logged.
 */
export function useCategoryFromGroup(callbacks: MutationCallbacks<CategoryRuleView, SupplierCategoryRow>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (row: SupplierCategoryRow) => {
      const name = newCategoryName(row);
      const category = await apiRequest<AdminCategory>('/api/categories', { method: 'POST', body: { name, slug: slugify(name) || 'kategoriya' } });
      return apiRequest<CategoryRuleView>(`${BASE}/rules`, {
        method: 'POST',
        body: { kind: 'category', supplierId: row.supplierId, pattern: row.name, categoryId: category.id, priority: DEFAULT_RULE_PRIORITY } satisfies CategoryRuleData,
      });
    },
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    // A category made without its rule is still new: the lists are read again either way.
    onSettled: () => Promise.all([invalidateAdapter(queryClient), invalidateCatalog(queryClient)]),
  });
}

/** The name a category made from a supplier group gets: the group path's last part. */
export const newCategoryName = (row: SupplierCategoryRow) => row.name.split('/').at(-1)!.trim() || row.name;

export function useDeleteRule(callbacks: MutationCallbacks<unknown, CategoryRuleView>) {
  return useStaffDeletion((rule: CategoryRuleView) => apiRequest(`${BASE}/rules/${rule.id}`, { method: 'DELETE' }), invalidateAdapter, callbacks);
}

/** Applies every rule to the products: the catalogue (admin lists, storefront) is read again. */
export function useReapply(callbacks: MutationCallbacks<ReapplyResult>) {
  return useStaffMutation(
    () => apiRequest<ReapplyResult>(`${BASE}/reapply`, { method: 'POST' }),
    (_result, _none, queryClient) => {
      void invalidateCatalog(queryClient);
    },
    callbacks,
  );
}

/** Adds a spelling, or changes spelling `current`. */
export function useSaveBrandAlias(current: string | null, callbacks: MutationCallbacks<BrandAliasView, BrandAliasData>) {
  return useStaffMutation(
    (data: BrandAliasData) => saveTo<BrandAliasView>(`${BASE}/brand-aliases`, current === null ? null : encodeURIComponent(current), data),
    adapterChanged,
    callbacks,
  );
}

export function useDeleteBrandAlias(callbacks: MutationCallbacks<unknown, BrandAliasView>) {
  return useStaffDeletion((alias: BrandAliasView) => apiRequest(`${BASE}/brand-aliases/${encodeURIComponent(alias.alias)}`, { method: 'DELETE' }), invalidateAdapter, callbacks);
}

/** Adds a unit rule, or changes rule `id`. */
export function useSaveUnitRule(id: number | null, callbacks: MutationCallbacks<UnitRuleView, UnitRuleData>) {
  return useStaffMutation((data: UnitRuleData) => saveTo<UnitRuleView>(`${BASE}/unit-rules`, id, data), adapterChanged, callbacks);
}

/** A unit rule saved from its spellings and unit; the server writes the expression. */
export function useSaveUnitSpellings(id: number | null, callbacks: MutationCallbacks<UnitRuleView, UnitSpellingsData>) {
  return useStaffMutation(
    (data: UnitSpellingsData) => {
      const body = { ...data, spellings: data.spellings.join(', ') } satisfies UnitSpellingsInput;
      return id ? apiRequest<UnitRuleView>(`${BASE}/unit-rules/${id}/spellings`, { method: 'PATCH', body }) : apiRequest<UnitRuleView>(`${BASE}/unit-rules/spellings`, { method: 'POST', body });
    },
    adapterChanged,
    callbacks,
  );
}

export function useDeleteUnitRule(callbacks: MutationCallbacks<unknown, UnitRuleView>) {
  return useStaffDeletion((rule: UnitRuleView) => apiRequest(`${BASE}/unit-rules/${rule.id}`, { method: 'DELETE' }), invalidateAdapter, callbacks);
}
