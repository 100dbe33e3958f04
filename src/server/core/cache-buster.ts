import { z } from '#shared/schemas/z.ts';

/** The spec's timestamp cache-buster `?t=` of the back office's reads: allowed and ignored (docs/decisions/004). */
export const CacheBuster = z.object({ t: z.string().optional() });
