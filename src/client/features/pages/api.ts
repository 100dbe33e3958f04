import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { ContactMessageInput } from '#shared/schemas/contact.ts';

/** POST /api/contact: the contacts page's message to the shop. */
export function useSendContactMessage(callbacks: MutationCallbacks<unknown, ContactMessageInput>) {
  return useMutation({
    mutationFn: (data: ContactMessageInput) => apiRequest('/api/contact', { method: 'POST', body: data }),
    ...callbacks,
  });
}
