import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';

export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: ['settings', 'public'],
    queryFn: ({ client, signal }) => apiRequest<PublicSettings>('/api/settings/public', { client, signal }),
    staleTime: 5 * 60 * 1000,
  });
