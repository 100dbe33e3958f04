import type { App } from '../../core/app-types.ts';
import { notFound } from '../../core/http-errors.ts';
import { enforce, type RateRule } from '../../modules/rate-limits/service.ts';
import { OrganizationLookupQuerySchema } from '#shared/schemas/organization.ts';
import { LOOKUP_NOT_CONFIGURED, lookupOrganization } from './lookup.ts';

/** Each look-up is a paid request to DaData: plenty for a customer filling forms, not for a script. */
export const LOOKUP_LIMIT: RateRule = { limit: 60, windowMs: 60 * 60 * 1000, message: 'Слишком много запросов по ИНН.' };

/** Filling an organisation's requisites by its ИНН from DaData (issue 27); the key stays on the server. */
export default async function dadataRoutes(app: App) {
  app.get(
    '/organizations/lookup',
    {
      config: { access: 'user' },
      schema: { tags: ['Личный кабинет: организации'], summary: 'Реквизиты организации или ИП по ИНН (DaData)', querystring: OrganizationLookupQuerySchema },
    },
    async (request) => {
      const config = app.deps.config.dadata;
      if (!config) throw notFound(LOOKUP_NOT_CONFIGURED);
      await enforce(app.deps.db, `inn-lookup:user:${request.user!.id}`, LOOKUP_LIMIT, app.deps.clock(), app.deps.config.rateLimitFactor);
      return lookupOrganization(config, request.query.inn, request.log);
    },
  );
}
