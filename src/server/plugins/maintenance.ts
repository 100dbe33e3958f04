import type { App } from '../core/app-types.ts';
import { HttpError } from '../core/http-errors.ts';
import { isMaintenanceMode } from '../modules/settings/service.ts';
import { isStaff } from '#shared/constants.ts';

export const MAINTENANCE_MESSAGE = 'Магазин временно закрыт на техническое обслуживание. Пожалуйста, зайдите позже.';

/**
 * What a visitor may still call while the shop is in maintenance mode: enough for staff to log
 * in at /auth (and for the maintenance page itself to render).
 */
const OPEN_DURING_MAINTENANCE = new Set(['/api/login', '/api/logout', '/api/user', '/api/settings/public', '/api/health']);

/**
 * Maintenance mode (shop setting `maintenanceMode`): the API answers 503 to visitors and
 * customers; staff use everything. Pages get the same rule from the root route's loader.
 * Runs after the session is resolved; the switch is cached for one second per process
 * (isMaintenanceMode), since it is asked on every call.
 */
export function registerMaintenance(app: App) {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    const path = request.url.split('?')[0]!;
    if (OPEN_DURING_MAINTENANCE.has(path) || isStaff(request.user?.role)) return;
    if (await isMaintenanceMode(app.deps.db)) throw new HttpError(503, MAINTENANCE_MESSAGE, undefined, { 'retry-after': '600' });
  });
}
