import { layoutMail } from '../../mail/templates.ts';
import { formatDateTime } from '#shared/dates.ts';
import { IMPORT_STATUS_LABELS, type ImportSummary } from '#shared/schemas/supplier-import.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';

/** The shop's notice of a scheduled import's result, sent to the contact e-mail of the settings. */
export function scheduledImportMail(shop: ShopSettings, summary: ImportSummary, publicUrl: string) {
  const { counts } = summary;
  return layoutMail(shop, shop.contactEmail, `Импорт прайс-листа «${summary.supplierName}»: ${IMPORT_STATUS_LABELS[summary.status].toLowerCase()}`, [
    `Плановый импорт прайс-листа поставщика «${summary.supplierName}» от ${formatDateTime(summary.createdAt)}.`,
    [`Источник: ${summary.sourceUrl ?? summary.fileName}`, `Результат: ${IMPORT_STATUS_LABELS[summary.status]}`, ...(summary.message ? [summary.message] : [])].join('\n'),
    ...(counts
      ? [
          [
            `Новых товаров: ${counts.create}`,
            `Изменённых: ${counts.update}`,
            `Без изменений: ${counts.unchanged}`,
            `Ошибок: ${counts.error}`,
            `Нет в прайс-листе: ${counts.absent}`,
            `Цена изменилась сильнее порога: ${counts.flagged}`,
          ].join('\n'),
        ]
      : []),
    `Подробности и отчёт по строкам: ${publicUrl}/admin/supplier-importer`,
  ]);
}
