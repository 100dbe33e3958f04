import { ScrapeRequestSchema } from '#shared/schemas/web-scraper.ts';
import type { App } from '../../core/app-types.ts';
import { extractProductPage } from './service.ts';

const TAGS = ['Поставщики'];

/** «Товар по ссылке» (/admin/web-scraper): staff only. */
export default async function webScraperRoutes(app: App) {
  app.post(
    '/admin/web-scraper/extract',
    {
      config: { access: 'staff', staffLog: 'web-scraper.extract' },
      schema: {
        tags: TAGS,
        summary: 'Карточка товара со страницы сайта: поля с источниками, изображения сохранены в магазине, совпадения по артикулу, характеристики, сопоставленные с характеристиками магазина',
        body: ScrapeRequestSchema,
      },
    },
    async (request) => extractProductPage(app.deps.db, app.deps.config, request.body.url),
  );
}
