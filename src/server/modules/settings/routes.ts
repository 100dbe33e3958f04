import { SeoSettingsSchema, ShopSettingsSchema } from '#shared/schemas/settings.ts';
import { PaymentSettingsSchema, YOOKASSA_NOTIFICATION_PATH, type PaymentSettingsAnswer } from '#shared/schemas/payments.ts';
import { SellerRequisitesSchema, sellerRequisitesMissing, type SellerRequisitesAnswer } from '#shared/schemas/seller-requisites.ts';
import type { FastifyContextConfig } from 'fastify';
import type { z } from '#shared/schemas/z.ts';
import type { App } from '../../core/app-types.ts';
import { getPublicSettings, getSettings, saveSettings, type SettingsKind, type SettingsValue } from './service.ts';

const TAGS = ['Настройки (администратор)'];

export default async function settingsRoutes(app: App) {
  app.get('/settings/public', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return getPublicSettings(app.deps.db);
  });

  /**
   * One tab of «Настройки» (administrators only, decisions.md): reading it and saving it (logged as
   * `settings.<kind>`), both answered through `answer`. A saved value is read from the database on
   * the next request by every process, so it takes effect at once.
   */
  function settingsTab<K extends SettingsKind>(
    kind: K,
    summaries: { read: string; save: string },
    body: z.ZodType<SettingsValue<K>>,
    answer: (value: SettingsValue<K>) => unknown = (value) => value,
  ) {
    app.get(`/admin/settings/${kind}`, { config: { access: 'admin' }, schema: { tags: TAGS, summary: summaries.read } }, async () =>
      answer(await getSettings(app.deps.db, kind)),
    );
    const saving: FastifyContextConfig = { access: 'admin', staffLog: `settings.${kind as SettingsKind}` };
    app.put(
      `/admin/settings/${kind}`,
      { config: saving, schema: { tags: TAGS, summary: summaries.save, body } },
      async (request) => answer(await saveSettings(app.deps.db, kind, request.body as SettingsValue<K>, app.deps.clock())),
    );
  }

  settingsTab('shop', { read: 'Основные настройки магазина', save: 'Сохранить основные настройки магазина' }, ShopSettingsSchema);
  settingsTab('seo', { read: 'SEO настройки', save: 'Сохранить SEO настройки' }, SeoSettingsSchema);

  // Tab «Оплата»: what the receipts say and how long an unpaid order holds its stock. Whether
  // the shop is connected to YooKassa is the environment's (the secret never reaches a page).
  settingsTab(
    'payment',
    { read: 'Настройки онлайн-оплаты (ЮKassa)', save: 'Сохранить настройки онлайн-оплаты' },
    PaymentSettingsSchema,
    (value): PaymentSettingsAnswer => ({
      settings: value,
      configured: app.deps.config.yookassa !== null,
      notificationUrl: `${app.deps.config.publicUrl}${YOOKASSA_NOTIFICATION_PATH}`,
    }),
  );

  // Tab «Реквизиты»: the seller of the invoices («Оплата по счёту» is offered only once they are complete).
  settingsTab(
    'requisites',
    { read: 'Реквизиты магазина для счетов', save: 'Сохранить реквизиты магазина' },
    SellerRequisitesSchema,
    (value): SellerRequisitesAnswer => ({ settings: value, missing: sellerRequisitesMissing(value) }),
  );
}
