import { productFieldsOf } from '../scraped-product.ts';
import type { ProductData } from './product.ts';
import type { ScrapeResult } from './web-scraper.ts';
import { z } from './z.ts';
import type { JobStatus } from '../jobs.ts';
import { labelledValues } from '../labelled-values.ts';

/**
 * «Массовая загрузка» (/admin/mass-scraper): many product pages of suppliers' sites fetched by a
 * background job, politely (one request at a time per site, a delay between them, robots.txt
 * obeyed), each page's result kept for staff to review and publish.
 */

/** The pause between two requests to one site, in seconds: staff may raise it, never go below the minimum. */
export const DELAY_SECONDS = { default: 2, min: 0.5, max: 60 } as const;
/** Product links collected from a category page or a sitemap. */
export const COLLECT_LIMIT = { default: 200, max: 2000 } as const;
/** Links in one pasted list. */
export const MAX_LIST_URLS = 2000;
const MAX_URL_LENGTH = 2000;

export const LIST_MESSAGES = {
  empty: 'Вставьте хотя бы одну ссылку на страницу товара',
  tooMany: `Не больше ${MAX_LIST_URLS} ссылок за один запуск`,
  notUrl: (line: number) => `Строка ${line}: это не ссылка, нужен адрес вида https://…`,
  protocol: (line: number) => `Строка ${line}: подходят только ссылки http и https`,
  tooLong: (line: number) => `Строка ${line}: ссылка длиннее ${MAX_URL_LENGTH} символов`,
  collectUrl: 'Вставьте ссылку на страницу категории или на sitemap.xml: https://…',
  limit: `Сколько товаров собрать: от 1 до ${COLLECT_LIMIT.max}`,
  delay: `Пауза между запросами к сайту: от ${String(DELAY_SECONDS.min).replace('.', ',')} до ${DELAY_SECONDS.max} секунд`,
} as const;

export type ParsedUrlList = {
  /** Each address once, in the order pasted, without its #fragment. */
  urls: string[];
  /** One message per line that is not an http(s) address. */
  errors: string[];
  /** Lines that repeated an address already in the list (dropped). */
  repeats: number;
};

/** One http(s) address without its #fragment, or the reason it is not one. */
function checkUrl(text: string, line: number): { url: string } | { error: string } {
  if (text.length > MAX_URL_LENGTH) return { error: LIST_MESSAGES.tooLong(line) };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: LIST_MESSAGES.notUrl(line) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: LIST_MESSAGES.protocol(line) };
  if (!url.hostname) return { error: LIST_MESSAGES.notUrl(line) };
  url.hash = '';
  return { url: url.href };
}

/**
 * The pasted list, one address a line: empty lines are skipped, repeated addresses kept once,
 * every other line that is not an http(s) address named by its number. The screen shows the
 * same answer as the server gives.
 */
export function parseUrlList(text: string): ParsedUrlList {
  const urls: string[] = [];
  const seen = new Set<string>();
  const errors: string[] = [];
  let repeats = 0;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const checked = checkUrl(line, index + 1);
    if ('error' in checked) errors.push(checked.error);
    else if (seen.has(checked.url)) repeats++;
    else {
      seen.add(checked.url);
      urls.push(checked.url);
    }
  });
  return { urls, errors, repeats };
}

const delayField = z.coerce
  .number({ error: LIST_MESSAGES.delay })
  .min(DELAY_SECONDS.min, LIST_MESSAGES.delay)
  .max(DELAY_SECONDS.max, LIST_MESSAGES.delay)
  .default(DELAY_SECONDS.default);

const listSource = z.object({
  source: z.literal('list'),
  text: z
    .string({ error: LIST_MESSAGES.empty })
    .max(MAX_LIST_URLS * (MAX_URL_LENGTH + 2), LIST_MESSAGES.tooMany)
    .superRefine((text, ctx) => {
      const parsed = parseUrlList(text);
      for (const message of parsed.errors.slice(0, 20)) ctx.addIssue({ code: 'custom', message });
      if (parsed.errors.length > 20) ctx.addIssue({ code: 'custom', message: `И ещё строк с ошибками: ${parsed.errors.length - 20}` });
      if (parsed.errors.length === 0 && parsed.urls.length === 0) ctx.addIssue({ code: 'custom', message: LIST_MESSAGES.empty });
      if (parsed.urls.length > MAX_LIST_URLS) ctx.addIssue({ code: 'custom', message: LIST_MESSAGES.tooMany });
    }),
  delaySeconds: delayField,
});

const collectSource = z.object({
  source: z.literal('collect'),
  url: z
    .string({ error: LIST_MESSAGES.collectUrl })
    .trim()
    .min(1, LIST_MESSAGES.collectUrl)
    .max(MAX_URL_LENGTH, `Ссылка не длиннее ${MAX_URL_LENGTH} символов`)
    .refine((value) => 'url' in checkUrl(value, 1), LIST_MESSAGES.collectUrl),
  limit: z.coerce.number({ error: LIST_MESSAGES.limit }).int(LIST_MESSAGES.limit).min(1, LIST_MESSAGES.limit).max(COLLECT_LIMIT.max, LIST_MESSAGES.limit).default(COLLECT_LIMIT.default),
  delaySeconds: delayField,
});

/** `POST /api/admin/mass-scraper/runs`: a pasted list of product pages, or a category page / sitemap to collect them from. */
export const StartRunSchema = z.discriminatedUnion('source', [listSource, collectSource], { error: 'Выберите, откуда брать ссылки' });
export type StartRunInput = z.input<typeof StartRunSchema>;
export type StartRun = z.output<typeof StartRunSchema>;

/** What a run's job carries: the addresses (or where to collect them) and the pause in milliseconds. */
export type RunSource = { kind: 'list'; urls: string[] } | { kind: 'collect'; url: string; limit: number };

/** A page's result: waiting, a card to review, failed, already in the shop, then published or discarded by staff. */
export const { values: ITEM_STATUSES, labels: ITEM_STATUS_LABELS } = labelledValues({
  pending: 'В очереди',
  extracted: 'Готов к проверке',
  failed: 'Ошибка',
  duplicate: 'Повтор',
  published: 'Опубликован',
  discarded: 'Отклонён',
});
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export type ItemCounts = Record<ItemStatus, number>;

/** A run as the list and the progress panel show it (its id is the job's). */
export type RunView = {
  id: number;
  status: JobStatus;
  progressDone: number;
  progressTotal: number;
  /** Why the whole run failed (e.g. the category page did not answer). */
  error: string | null;
  source: { kind: 'list'; count: number } | { kind: 'collect'; url: string; limit: number };
  delaySeconds: number;
  counts: ItemCounts;
  createdAt: string;
  finishedAt: string | null;
};

export const RunParams = z.object({ id: z.coerce.number({ error: 'Запуск не найден' }).int('Запуск не найден').positive('Запуск не найден') });
export const ItemParams = z.object({ id: z.coerce.number({ error: 'Страница не найдена' }).int('Страница не найдена').positive('Страница не найдена') });

export const ItemsQuerySchema = z.object({
  status: z.enum(ITEM_STATUSES, { error: 'Неизвестный статус' }).optional(),
  query: z.string().trim().max(200, 'Запрос не длиннее 200 символов').optional(),
  page: z.coerce.number({ error: 'Некорректная страница' }).int('Некорректная страница').min(1, 'Некорректная страница').default(1),
});
export type ItemsQuery = z.output<typeof ItemsQuerySchema>;

export const ITEMS_PAGE_SIZE = 50;

/** One page's result in the review list. */
export type ItemView = {
  id: number;
  url: string;
  status: ItemStatus;
  message: string | null;
  productId: number | null;
  name: string | null;
  sku: string | null;
  /** Roubles, as the product form takes them. */
  price: number | null;
  imageUrl: string | null;
  categoryName: string | null;
};

export type ItemsPage = { items: ItemView[]; total: number; page: number; pages: number; counts: ItemCounts };

const SELECTION_MESSAGE = 'Отметьте хотя бы одну страницу';
const idList = z
  .array(z.coerce.number({ error: SELECTION_MESSAGE }).int(SELECTION_MESSAGE).positive(SELECTION_MESSAGE), { error: SELECTION_MESSAGE })
  .min(1, SELECTION_MESSAGE)
  .max(ITEMS_PAGE_SIZE * 10, `Не больше ${ITEMS_PAGE_SIZE * 10} страниц за раз`);

export const PUBLISH_MODES = ['hidden', 'active'] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];
export const PUBLISH_MODE_LABELS: Record<PublishMode, string> = { hidden: 'Скрытыми', active: 'Показывать в каталоге' };

/**
 * `POST /api/admin/mass-scraper/items/publish`: the chosen cards become products, hidden or
 * shown; `categoryId` places those that have no category of their own.
 */
export const PublishSchema = z.object({
  ids: idList,
  mode: z.enum(PUBLISH_MODES, { error: 'Выберите, показывать ли товары в каталоге' }),
  categoryId: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number({ error: 'Выберите категорию' }).int('Выберите категорию').positive('Выберите категорию').nullable(),
  ),
});
export type PublishInput = z.input<typeof PublishSchema>;

/** `POST /api/admin/mass-scraper/items/discard`: the chosen cards are set aside; nothing reaches the catalogue. */
export const DiscardSchema = z.object({ ids: idList });

/**
 * A card's product values: what the page gave, or staff's edits saved from the product form
 * (`PUT /api/admin/mass-scraper/items/:id/draft`, the form's own schema). A page may give no
 * category; publishing then takes the one staff choose for the selection.
 */
export type ScrapedDraft = Omit<ProductData, 'categoryId'> & { categoryId: number | null };

/**
 * The product form's values a page gives, each with its source, as «Товар по ссылке» fills the
 * form: the page's main offer and its first stored picture.
 */
export const fieldsOfPage = (page: ScrapeResult) =>
  productFieldsOf(page.card, page, { offer: null, imageUrl: page.pictures[0]?.url ?? null, imageSource: page.card.pictures?.source ?? null });

/** One page's result opened for review: the values to publish and the page as it was read. */
export type ItemDetail = ItemView & { runId: number; draft: ScrapedDraft; edited: boolean; page: ScrapeResult | null };

export type PublishResult = {
  published: number;
  /** Pages that could not be published, each with the reason. */
  problems: { id: number; url: string; message: string }[];
};
export type DiscardResult = { discarded: number };
