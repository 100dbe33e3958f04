import type { App } from '../../core/app-types.ts';
import { provideCarrier } from '../../modules/delivery/carrier-port.ts';
import { cdekCarrier } from './carrier.ts';

/** СДЭК (issue 28): the shop's carrier while its credentials are set; without them delivery is the shop's own only. */
export default async function cdekRoutes(app: App) {
  const { config, db } = app.deps;
  if (config.cdek) provideCarrier(db, cdekCarrier(config.cdek));
}
