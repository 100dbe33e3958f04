import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import { putQueryData, type MutationCallbacks } from '#client/lib/query-client.ts';
import { sessionQuery } from '#client/lib/session.ts';
import type { NewPasswordFormInput, PasswordResetRequestInput } from '#shared/schemas/auth.ts';

export const INVALID_LINK = 'Ссылка для восстановления пароля недействительна или истекла';

type VerifyResult = { valid: true } | { valid: false; message: string };

/** GET /api/password-reset/verify: a refused token is a result (the page says so), not an error. */
export const verifyResetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['password-reset', 'verify', token],
    queryFn: async ({ client, signal }): Promise<VerifyResult> => {
      try {
        await apiRequest(`/api/password-reset/verify?token=${encodeURIComponent(token)}`, { client, signal });
        return { valid: true };
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) return { valid: false, message: error.message || INVALID_LINK };
        throw error;
      }
    },
    retry: false,
    staleTime: Infinity,
  });

export type ResetRequestAnswer = { success: boolean; message: string; note?: string; token?: string | null };

/** POST /api/password-reset/request: the answer is the same whether the e-mail has an account. */
export function useRequestPasswordReset(callbacks: MutationCallbacks<ResetRequestAnswer, PasswordResetRequestInput>) {
  return useMutation({
    mutationFn: (input: PasswordResetRequestInput) =>
      apiRequest<ResetRequestAnswer>('/api/password-reset/request', { method: 'POST', body: input }),
    ...callbacks,
  });
}

type ResetAnswer = { success: boolean; message: string };

/** POST /api/password-reset/reset: every session of the user ends, this browser's included. */
export function useResetPassword(token: string, callbacks: MutationCallbacks<ResetAnswer, NewPasswordFormInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewPasswordFormInput) =>
      apiRequest<ResetAnswer>('/api/password-reset/reset', { method: 'POST', body: { token, password: values.password } }),
    onSuccess: async (answer, values) => {
      await putQueryData(queryClient, sessionQuery().queryKey, null);
      callbacks.onSuccess?.(answer, values);
    },
    onError: callbacks.onError,
  });
}
