import { requiredText, z } from './z.ts';
import { labelledValues } from '../labelled-values.ts';

/**
 * The supplier importer's contract (/admin/supplier-importer): suppliers, their remembered
 * settings, imports, their rows and the request bodies. The server validates with these schemas
 * and the screen imports the same ones; the file readers (`src/server/integrations/price-lists/sources/`)
 * take their reading shapes (fields, read options, mapping, preview) from here.
 */

// ---- Reading a source -------------------------------------------------------------------------

export const IMPORT_FIELDS = [
  'sku',
  'supplierSku',
  'name',
  'price',
  'oldPrice',
  'purchasePrice',
  'stock',
  'category',
  'brand',
  'description',
  'shortDescription',
  'pictures',
  'weight',
  'length',
  'width',
  'height',
  'dimensions',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  sku: 'Артикул магазина',
  supplierSku: 'Артикул поставщика',
  name: 'Наименование',
  price: 'Цена (розница)',
  oldPrice: 'Старая цена',
  purchasePrice: 'Закупочная цена',
  stock: 'Остаток',
  category: 'Категория',
  brand: 'Бренд',
  description: 'Описание',
  shortDescription: 'Краткое описание',
  pictures: 'Фото (ссылки)',
  weight: 'Вес, кг',
  length: 'Длина, см',
  width: 'Ширина, см',
  height: 'Высота, см',
  dimensions: 'Габариты (Д×Ш×В), см',
};

export const SOURCE_FORMATS = ['csv', 'xlsx', 'yml'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];
export const SOURCE_ENCODINGS = ['utf-8', 'windows-1251'] as const;
export const SOURCE_DELIMITERS = [';', ',', '\t'] as const;

/** A branch's own stock column («Остаток: Ростов-на-Дону»): `stock:` and the branch's slug. A plain `stock` is the head office's. */
export type BranchStockField = `stock:${string}`;
export const branchStockField = (slug: string): BranchStockField => `stock:${slug}`;
export const branchOfField = (field: string): string | null => (field.startsWith('stock:') ? field.slice('stock:'.length) : null);
/**
 * A column read as a characteristic (docs/decisions/034): its header is the attribute's name
 * («Мощность, Вт»), its cells the values. `attr:` and the column's number, so each column is one.
 */
export type CharacteristicField = `attr:${string}`;
export const characteristicField = (column: number): CharacteristicField => `attr:${column}`;
export const isCharacteristicField = (field: string): field is CharacteristicField => /^attr:\d+$/.test(field);
/** What a column can be mapped to. */
export type MappedField = ImportField | BranchStockField | CharacteristicField;

/** Column index (0-based) per mapped field. */
export const ColumnMappingSchema = z.partialRecord(
  z.union(
    [
      z.enum(IMPORT_FIELDS),
      z.templateLiteral(['stock:', z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)]),
      z.templateLiteral(['attr:', z.string().regex(/^\d{1,4}$/)]),
    ],
    { error: 'Неизвестное поле' },
  ),
  z.number({ error: 'Укажите номер колонки' }).int('Укажите номер колонки').min(0, 'Укажите номер колонки').max(1000, 'Слишком большой номер колонки'),
);
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>;

/** How a file is read; anything left out is detected. */
export const ReadOptionsSchema = z.object({
  format: z.enum(SOURCE_FORMATS, { error: 'Формат файла: CSV, XLSX или YML' }).optional(),
  encoding: z.enum(SOURCE_ENCODINGS, { error: 'Кодировка: UTF-8 или Windows-1251' }).optional(),
  delimiter: z.enum(SOURCE_DELIMITERS, { error: 'Разделитель: «;», «,» или табуляция' }).optional(),
  sheet: z.string().trim().min(1, 'Укажите лист').max(200, 'Слишком длинное название листа').optional(),
  headerRow: z.coerce
    .number({ error: 'Укажите номер строки заголовка' })
    .int('Укажите номер строки заголовка')
    .min(1, 'Номер строки заголовка начинается с 1')
    .max(1000, 'Строка заголовка должна быть среди первых 1000 строк')
    .optional(),
});
export type ReadOptions = z.infer<typeof ReadOptionsSchema>;

export const SourcePreviewSchema = z.object({
  format: z.enum(SOURCE_FORMATS),
  encoding: z.enum(SOURCE_ENCODINGS).optional(),
  delimiter: z.enum(SOURCE_DELIMITERS).optional(),
  sheets: z.array(z.string()).optional(),
  sheet: z.string().optional(),
  headerRow: z.number().optional(),
  headers: z.array(z.string()),
  rows: z.array(z.object({ rowNumber: z.number(), cells: z.array(z.string()) })),
  guessedMapping: ColumnMappingSchema,
  totalRows: z.number(),
});
export type SourcePreview = z.infer<typeof SourcePreviewSchema>;

// ---- Supplier settings ------------------------------------------------------------------------

export const PRICING_MODES = ['retail', 'markup'] as const;
export const PRICING_MODE_LABELS: Record<(typeof PRICING_MODES)[number], string> = {
  retail: 'Розничная цена из прайс-листа',
  markup: 'Наценка на закупочную цену',
};

/** retail: the list's price as it is; markup: purchase price + markupPercent, optionally rounded up to …ending roubles. */
export const PricingRuleSchema = z
  .object({
    mode: z.enum(PRICING_MODES, { error: 'Выберите способ расчёта цены' }),
    markupPercent: z
      .number({ error: 'Укажите наценку в процентах' })
      .min(0, 'Наценка не может быть отрицательной')
      .max(1000, 'Наценка не больше 1000 %')
      .nullable(),
    ending: z
      .number({ error: 'Окончание цены — целое число рублей' })
      .int('Окончание цены — целое число рублей')
      .min(0, 'Окончание цены не может быть отрицательным')
      .max(99, 'Окончание цены — от 0 до 99 рублей')
      .nullable(),
  })
  .refine((rule) => rule.mode !== 'markup' || rule.markupPercent !== null, {
    message: 'Укажите наценку в процентах',
    path: ['markupPercent'],
  });
export type PricingRule = z.infer<typeof PricingRuleSchema>;

const percent = (message: string) =>
  z.number({ error: message }).min(0, 'Процент не может быть отрицательным').max(1000, 'Процент не больше 1000');

/** Scheduled runs refuse to apply above these. */
export const ImportLimitsSchema = z.object({
  maxPriceChangePercent: percent('Укажите допустимую долю изменённых цен в процентах'),
  maxAbsentPercent: percent('Укажите допустимую долю пропавших товаров в процентах'),
});
export type ImportLimits = z.infer<typeof ImportLimitsSchema>;

export const { values: ABSENT_ACTIONS, labels: ABSENT_ACTION_LABELS } = labelledValues({ leave: 'Оставить как есть', zero: 'Обнулить остаток', hide: 'Скрыть с витрины' });
export type AbsentAction = (typeof ABSENT_ACTIONS)[number];

export const { values: NEW_PRODUCTS, labels: NEW_PRODUCTS_LABELS } = labelledValues({ active: 'Сразу на витрину', hidden: 'Скрытыми, для проверки' });
export type NewProducts = (typeof NEW_PRODUCTS)[number];

const AbsentActionSchema = z.enum(ABSENT_ACTIONS, { error: 'Выберите, что делать с товарами, которых нет в прайс-листе' });
const NewProductsSchema = z.enum(NEW_PRODUCTS, { error: 'Выберите, как создавать новые товары' });

export const SupplierSettingsSchema = z.object({
  read: ReadOptionsSchema,
  mapping: ColumnMappingSchema,
  pricing: PricingRuleSchema,
  flagPercent: percent('Укажите порог изменения цены в процентах'),
  limits: ImportLimitsSchema,
  absent: AbsentActionSchema,
  newProducts: NewProductsSchema,
});
export type SupplierSettings = z.infer<typeof SupplierSettingsSchema>;

export const DEFAULT_SUPPLIER_SETTINGS: SupplierSettings = {
  read: {},
  mapping: {},
  pricing: { mode: 'retail', markupPercent: null, ending: null },
  flagPercent: 20,
  limits: { maxPriceChangePercent: 30, maxAbsentPercent: 10 },
  absent: 'leave',
  newProducts: 'hidden',
};

// ---- Suppliers --------------------------------------------------------------------------------

/** 'HH:MM' of the shop's day (Moscow time). */
export const SCHEDULE_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const CreateSupplierSchema = z.object({
  code: requiredText('Укажите код поставщика').pipe(z.string().max(50, 'Код поставщика — не длиннее 50 символов')),
  name: requiredText('Укажите название поставщика').pipe(z.string().max(200, 'Название — не длиннее 200 символов')),
});
export type CreateSupplierInput = z.input<typeof CreateSupplierSchema>;

/** A web address of a price list or feed: http(s) only. */
const sourceUrl = z
  .string({ error: 'Укажите адрес прайс-листа' })
  .trim()
  .max(2000, 'Слишком длинный адрес')
  .pipe(z.url({ protocol: /^https?$/, error: 'Укажите адрес, начинающийся с http:// или https://' }));

export const PatchSupplierSchema = z.object({
  name: requiredText('Укажите название поставщика').pipe(z.string().max(200, 'Название — не длиннее 200 символов')).optional(),
  /** '' or null removes the address (and with it the schedule). */
  sourceUrl: z.union([z.literal('').transform(() => null), z.null(), sourceUrl]).optional(),
  scheduleTime: z
    .union([z.literal('').transform(() => null), z.null(), z.string().trim().regex(SCHEDULE_TIME, 'Время — в виде ЧЧ:ММ, например 06:30')])
    .optional(),
  settings: SupplierSettingsSchema.partial().optional(),
});
export type PatchSupplierInput = z.input<typeof PatchSupplierSchema>;

// ---- Imports ----------------------------------------------------------------------------------

export const { values: IMPORT_STATUSES, labels: IMPORT_STATUS_LABELS } = labelledValues({
  uploaded: 'Загружен',
  checking: 'Проверяется',
  previewed: 'Проверен',
  applying: 'Применяется',
  applied: 'Применён',
  failed: 'Ошибка',
  stopped: 'Остановлен',
  refused: 'Отклонён',
  rolled_back: 'Откачен',
});
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const IMPORT_TRIGGERS = ['manual', 'schedule'] as const;
export type ImportTrigger = (typeof IMPORT_TRIGGERS)[number];

export const { values: ROW_ACTIONS, labels: ROW_ACTION_LABELS } = labelledValues({
  create: 'Новый',
  update: 'Изменится',
  unchanged: 'Без изменений',
  error: 'Ошибка',
  absent: 'Нет в прайс-листе',
});
export type RowAction = (typeof ROW_ACTIONS)[number];

export const ImportCountsSchema = z.object({
  create: z.number(),
  update: z.number(),
  unchanged: z.number(),
  error: z.number(),
  absent: z.number(),
  flagged: z.number(),
  total: z.number(),
});
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportSummarySchema = z.object({
  id: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  trigger: z.enum(IMPORT_TRIGGERS),
  fileName: z.string(),
  sourceUrl: z.string().nullable(),
  counts: ImportCountsSchema.nullable(),
  message: z.string().nullable(),
  jobId: z.number().nullable(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
  createdByName: z.string().nullable(),
  canRollBack: z.boolean(),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

export const ImportOptionsSchema = z.object({
  read: ReadOptionsSchema,
  mapping: ColumnMappingSchema,
  pricing: PricingRuleSchema,
  absent: AbsentActionSchema,
  newProducts: NewProductsSchema,
});
export type ImportOptions = z.infer<typeof ImportOptionsSchema>;

export const ImportDetailSchema = ImportSummarySchema.extend({
  preview: SourcePreviewSchema,
  options: ImportOptionsSchema,
});
export type ImportDetail = z.infer<typeof ImportDetailSchema>;

export const ProductStateSchema = z.object({
  priceKopecks: z.number().nullable(),
  oldPriceKopecks: z.number().nullable(),
  /** The sum over the branches (`branchStock`). */
  stock: z.number().nullable(),
  /** Quantity by branch id, only the branches that have some (reports older than the branches lack it). */
  branchStock: z.record(z.string(), z.number()).optional(),
  isActive: z.boolean(),
  name: z.string(),
});
export type ProductState = z.infer<typeof ProductStateSchema>;

export const ImportRowSchema = z.object({
  id: z.number(),
  rowNumber: z.number().nullable(),
  action: z.enum(ROW_ACTIONS),
  productId: z.number().nullable(),
  sku: z.string().nullable(),
  supplierSku: z.string().nullable(),
  name: z.string().nullable(),
  column: z.string().nullable(),
  message: z.string().nullable(),
  priceFlagged: z.boolean(),
  before: ProductStateSchema.nullable(),
  after: ProductStateSchema.nullable(),
  /** The characteristics the row brings (YML `param`, columns read as characteristics), as the file writes them. */
  characteristics: z.array(z.object({ name: z.string(), value: z.string(), unit: z.string().nullable() })),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const SupplierSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  sourceUrl: z.string().nullable(),
  scheduleTime: z.string().nullable(),
  settings: SupplierSettingsSchema,
  productCount: z.number(),
  lastImport: ImportSummarySchema.nullable(),
});
export type Supplier = z.infer<typeof SupplierSchema>;

// ---- Requests ---------------------------------------------------------------------------------

/** Upload files up to this size (the server refuses larger ones with 413). */
export const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;
export const IMPORT_FILE_TOO_LARGE = 'Файл больше 50 МБ';
/** The formats a price list is read from, as the upload form and the refusals name them. */
export const PRICE_LIST_FORMATS = 'CSV, XLSX, YML или XML';

const supplierId = z.coerce.number({ error: 'Выберите поставщика' }).int('Выберите поставщика').positive('Выберите поставщика');

/** The text fields of the multipart upload (the file itself is the part `file`). */
export const UploadFieldsSchema = z.object({
  supplierId,
  sheet: ReadOptionsSchema.shape.sheet,
  encoding: ReadOptionsSchema.shape.encoding,
  delimiter: ReadOptionsSchema.shape.delimiter,
  headerRow: ReadOptionsSchema.shape.headerRow,
});
export type UploadFields = z.infer<typeof UploadFieldsSchema>;

/** JSON alternative of the upload: the server fetches the price list from the address. */
export const UrlImportSchema = z.object({ supplierId, url: sourceUrl });
export type UrlImportInput = z.input<typeof UrlImportSchema>;

export const PreviewImportSchema = z.object({ read: ReadOptionsSchema });

export const IMPORT_MESSAGES = {
  noSkuColumn: 'Не выбрана колонка с артикулом',
  noPriceColumn: 'Не выбрана колонка с ценой',
} as const;

/** The dry run's choices (the mapping is checked against the file's format by `mappingProblems`). */
export const CheckImportSchema = z.object({ read: ReadOptionsSchema, mapping: ColumnMappingSchema, pricing: PricingRuleSchema });

/**
 * What a mapping lacks for a dry run, by field: tables need a SKU column (shop or supplier) and a
 * price column (the retail price, or the purchase price under a markup rule); a YML feed maps
 * itself. Empty when nothing is missing.
 */
export function mappingProblems(format: SourceFormat, mapping: ColumnMapping, pricing: PricingRule): Record<string, string[]> {
  if (format === 'yml') return {};
  const problems: Record<string, string[]> = {};
  if (mapping.sku === undefined && mapping.supplierSku === undefined) problems['mapping.sku'] = [IMPORT_MESSAGES.noSkuColumn];
  const priceColumn = pricing.mode === 'markup' ? mapping.purchasePrice : mapping.price;
  if (priceColumn === undefined) problems['mapping.price'] = [IMPORT_MESSAGES.noPriceColumn];
  return problems;
}
export type CheckImportInput = z.input<typeof CheckImportSchema>;

export const ApplyImportSchema = z.object({ absent: AbsentActionSchema, newProducts: NewProductsSchema });
export type ApplyImportInput = z.input<typeof ApplyImportSchema>;

export const IMPORT_ROWS_PER_PAGE = 50;
export const IMPORTS_PER_PAGE = 20;

const page = z.coerce.number({ error: 'Номер страницы — число' }).int('Номер страницы — целое число').min(1, 'Номер страницы начинается с 1').default(1);

export const ImportRowsQuerySchema = z.object({
  action: z.enum(ROW_ACTIONS, { error: 'Неизвестное действие' }).optional(),
  flagged: z
    .enum(['true', 'false'], { error: 'flagged: true или false' })
    .transform((v) => v === 'true')
    .optional(),
  page,
});

export const ImportsQuerySchema = z.object({ supplierId: supplierId.optional(), page });

export type ImportRowsPage = { rows: ImportRow[]; total: number; totalPages: number; page: number };
export type ImportsPage = { imports: ImportSummary[]; total: number; totalPages: number; page: number };
