import { SeoSettingsSchema, ShopSettingsSchema } from '#shared/schemas/settings.ts';
import { PaymentSettingsSchema, YOOKASSA_NOTIFICATION_PATH, type PaymentSettingsAnswer } from '#shared/schemas/payments.ts';
import { SellerRequisitesSchema, sellerRequisitesMissing, type SellerRequisites, type SellerRequisitesAnswer } from '#shared/schemas/seller-requisites.ts';
import type { App } from '../../core/app-types.ts';
import { getPublicSettings, getSettings, saveSettings } from './service.ts';

const TAGS = ['Настройки (администратор)'];

export default async function settingsRoutes(app: App) {
  app.get('/settings/public', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return getPublicSettings(app.deps.db);
  });

  // 'Настройки магазина': administrators only (decisions.md). A saved value is read from the
  // database on the next request by every process, so it takes effect at once.
  app.get('/admin/settings/shop', { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Основные настройки магазина' } }, async () =>
    getSettings(app.deps.db, 'shop'),
  );
  app.put(
    '/admin/settings/shop',
    { config: { access: 'admin', staffLog: 'settings.shop' }, schema: { tags: TAGS, summary: 'Сохранить основные настройки магазина', body: ShopSettingsSchema } },
    async (request) => saveSettings(app.deps.db, 'shop', request.body, app.deps.clock()),
  );
  app.get('/admin/settings/seo', { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'SEO настройки' } }, async () =>
    getSettings(app.deps.db, 'seo'),
  );
  app.put(
    '/admin/settings/seo',
    { config: { access: 'admin', staffLog: 'settings.seo' }, schema: { tags: TAGS, summary: 'Сохранить SEO настройки', body: SeoSettingsSchema } },
    async (request) => saveSettings(app.deps.db, 'seo', request.body, app.deps.clock()),
  );

  // Tab «Оплата»: what the receipts say and how long an unpaid order holds its stock. Whether
  // the shop is connected to YooKassa is the environment's (the secret never reaches a page).
  const paymentAnswer = (value: PaymentSettingsAnswer['settings']): PaymentSettingsAnswer => ({
    settings: value,
    configured: app.deps.config.yookassa !== null,
    notificationUrl: `${app.deps.config.publicUrl}${YOOKASSA_NOTIFICATION_PATH}`,
  });
  app.get('/admin/settings/payment', { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Настройки онлайн-оплаты (ЮKassa)' } }, async () =>
    paymentAnswer(await getSettings(app.deps.db, 'payment')),
  );
  app.put(
    '/admin/settings/payment',
    {
      config: { access: 'admin', staffLog: 'settings.payment' },
      schema: { tags: TAGS, summary: 'Сохранить настройки онлайн-оплаты', body: PaymentSettingsSchema },
    },
    async (request) => paymentAnswer(await saveSettings(app.deps.db, 'payment', request.body, app.deps.clock())),
  );

  // Tab «Реквизиты»: the seller of the invoices («Оплата по счёту» is offered only once they are complete).
  const requisitesAnswer = (value: SellerRequisites): SellerRequisitesAnswer => ({ settings: value, missing: sellerRequisitesMissing(value) });
  app.get('/admin/settings/requisites', { config: { access: 'admin' }, schema: { tags: TAGS, summary: 'Реквизиты магазина для счетов' } }, async () =>
    requisitesAnswer(await getSettings(app.deps.db, 'requisites')),
  );
  app.put(
    '/admin/settings/requisites',
    {
      config: { access: 'admin', staffLog: 'settings.requisites' },
      schema: { tags: TAGS, summary: 'Сохранить реквизиты магазина', body: SellerRequisitesSchema },
    },
    async (request) => requisitesAnswer(await saveSettings(app.deps.db, 'requisites', request.body, app.deps.clock())),
  );
}
