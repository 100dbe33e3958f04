/** How «Журнал действий» writes an entry's object and its fields' values in Russian. */
import { CATALOG_PRICES_LABELS, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, ROLE_LABELS, VAT_RATE_LABELS } from '#shared/constants.ts';
import { RULE_KIND_LABELS } from '#shared/schemas/catalog-adapter.ts';
import { ITEM_STATUS_LABELS, PUBLISH_MODE_LABELS } from '#shared/schemas/mass-scraper.ts';
import {
  ABSENT_ACTION_LABELS,
  IMPORT_FIELD_LABELS,
  IMPORT_STATUS_LABELS,
  NEW_PRODUCTS_LABELS,
  PRICING_MODE_LABELS,
  branchOfField,
} from '#shared/schemas/supplier-import.ts';
import { formatRub } from '#shared/money.ts';
import type { StaffActionKind } from '#shared/staff-actions.ts';

/** What the object is, by the kind's first part («Поставщик», «Правило единиц»). */
const OBJECT_NOUNS: Record<string, string> = {
  product: 'Товар',
  category: 'Категория',
  order: 'Заказ',
  user: 'Пользователь',
  branch: 'Филиал',
  backup: 'Файл',
  supplier: 'Поставщик',
  import: 'Импорт',
  'mass-scraper': 'Массовая загрузка',
  'adapter.rule': 'Правило категорий',
  'adapter.alias': 'Написание бренда',
  'adapter.unit': 'Правило единиц',
  job: 'Задача',
};

/**
 * The entry's object in words: «Поставщик «ИнструментЮг»», «Импорт №12 поставщика «ИнструментЮг»»,
 * «Заказ №5»; by number when the entry kept no name (entries written before names were kept).
 */
export function objectText(kind: StaffActionKind, objectId: string | null, objectName: string | null): string | null {
  if (objectId === null || kind.startsWith('settings.') || kind === 'upload.create') return null;
  const noun = OBJECT_NOUNS[kind.split('.').slice(0, kind.startsWith('adapter.') ? 2 : 1).join('.')];
  if (!noun) return objectId;
  if (kind === 'backup.create' || kind === 'backup.download') return `${noun} ${objectId}`;
  if (kind.startsWith('import.')) return objectName ? `${noun} №${objectId} поставщика «${objectName}»` : `${noun} №${objectId}`;
  if (kind === 'adapter.alias.create' || kind === 'adapter.alias.update' || kind === 'adapter.alias.delete') return `${noun} «${objectName ?? objectId}»`;
  return objectName ? `${noun} «${objectName}»` : `${noun} №${objectId}`;
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Название',
  slug: 'Адрес (slug)',
  sku: 'Артикул',
  tag: 'Метка',
  imageUrl: 'Изображение',
  price: 'Цена',
  originalPrice: 'Старая цена',
  stock: 'Остаток',
  stockByBranch: 'Остатки по филиалам',
  shortDescription: 'Краткое описание',
  description: 'Описание',
  categoryId: 'Категория №',
  supplier: 'Поставщик',
  brand: 'Бренд',
  supplierSku: 'Артикул поставщика',
  supplierCategory: 'Категория поставщика',
  awaitingCategory: 'Ждёт категорию',
  publishWhenPlaced: 'Показать, когда получит категорию',
  isActive: 'Активен',
  isFeatured: 'Рекомендуемый',
  // Kept in grams and millimetres, as the log's snapshots hold the rows.
  weightGrams: 'Вес, г',
  lengthMm: 'Длина, мм',
  widthMm: 'Ширина, мм',
  heightMm: 'Высота, мм',
  defaultWeightGrams: 'Вес по умолчанию, г',
  defaultLengthMm: 'Длина по умолчанию, мм',
  defaultWidthMm: 'Ширина по умолчанию, мм',
  defaultHeightMm: 'Высота по умолчанию, мм',
  // Products had them until migration 0015; the log's older entries still name them.
  rating: 'Рейтинг',
  reviewCount: 'Отзывов',
  icon: 'Значок',
  parentId: 'Родительская категория №',
  sortOrder: 'Порядок',
  status: 'Статус',
  paymentStatus: 'Статус оплаты',
  username: 'Логин',
  email: 'Email',
  role: 'Роль',
  fullName: 'Полное имя',
  phone: 'Телефон',
  address: 'Адрес',
  password: 'Пароль',
  shopName: 'Название магазина',
  shopDescription: 'Описание магазина',
  contactEmail: 'Email для связи',
  contactPhone: 'Телефон для связи',
  workingHours: 'Часы работы',
  enableRegistration: 'Регистрация',
  enableCheckout: 'Оформление заказов',
  maintenanceMode: 'Режим обслуживания',
  freeDeliveryThreshold: 'Бесплатная доставка от',
  vatRate: 'Ставка НДС',
  catalogPrices: 'Цены в каталоге',
  siteTitle: 'Title сайта',
  ogImage: 'Изображение для соцсетей',
  googleAnalyticsId: 'Google Analytics',
  yandexMetrikaId: 'Яндекс Метрика',
  metaDescription: 'Meta description',
  metaKeywords: 'Meta keywords',
  enabled: 'Включено',
  frequency: 'Периодичность',
  retentionDays: 'Хранить дней',
  code: 'Код',
  sourceUrl: 'Адрес прайс-листа',
  scheduleTime: 'Время импорта',
  settings: 'Настройки',
  kind: 'Вид',
  pattern: 'Шаблон',
  replacement: 'Замена',
  priority: 'Приоритет',
  supplierId: 'Поставщик №',
  alias: 'Написание',
  supplierCode: 'Код поставщика',
  url: 'Адрес',
  data: 'Данные',
  ids: 'Номера',
  mode: 'Режим',
  message: 'Итог',
  source: 'Откуда ссылки',
  text: 'Список ссылок',
  limit: 'Не больше страниц',
  delaySeconds: 'Пауза, с',
  read: 'Чтение файла',
  mapping: 'Колонки',
  pricing: 'Цены',
  absent: 'Товары не из списка',
  newProducts: 'Новые товары',
  checked: 'Проверено товаров',
  moved: 'Перемещено',
  activated: 'Показано в каталоге',
  stillAwaiting: 'Ждут категорию',
  before: 'Было товаров',
  after: 'Осталось товаров',
  format: 'Формат',
  encoding: 'Кодировка',
  delimiter: 'Разделитель',
  sheet: 'Лист',
  headerRow: 'Строка заголовка',
  markupPercent: 'Наценка, %',
  ending: 'Окончание цены, ₽',
  flagPercent: 'Отмечать изменение цены больше, %',
  limits: 'Пределы для импорта по расписанию',
  maxPriceChangePercent: 'Изменённых цен не больше, %',
  maxAbsentPercent: 'Пропавших товаров не больше, %',
  categoryName: 'Категория',
  count: 'Количество',
  amount: 'Сумма',
  reason: 'Причина',
  city: 'Город',
  cityIn: 'Город (в ком?)',
  isHead: 'Головной офис',
  lines: 'Позиции',
  itemId: 'Позиция №',
  add: 'Добавлены товары',
  productId: 'Товар №',
  quantity: 'Количество',
  delivery: 'Доставка, ₽',
};

/** A field whose meaning depends on the kind: a comment's text is not the mass scraper's list of links. */
const KIND_FIELD_LABELS: Partial<Record<StaffActionKind, Record<string, string>>> = {
  'order.comment': { text: 'Комментарий' },
};

export const fieldLabel = (key: string, kind?: StaffActionKind) => (kind && KIND_FIELD_LABELS[kind]?.[key]) ?? FIELD_LABELS[key] ?? key;

const FIELD_ORDER = Object.keys(FIELD_LABELS);
const orderOf = (key: string) => (FIELD_LABELS[key] ? FIELD_ORDER.indexOf(key) : FIELD_ORDER.length);

/** Fields in the order of the forms (name first, then price…); unknown ones last, as they came. */
export const inFormOrder = (keys: string[]) => [...keys].sort((a, b) => orderOf(a) - orderOf(b));

/** Nothing to show: a field left empty when an object was created or deleted. */
export const isEmptyValue = (value: unknown) => value === null || value === undefined || value === '';

const MONEY_FIELDS = new Set(['price', 'originalPrice', 'freeDeliveryThreshold', 'amount']);

/** Internal values people read in words, by the field that holds them. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  role: ROLE_LABELS,
  paymentStatus: PAYMENT_STATUS_LABELS,
  catalogPrices: CATALOG_PRICES_LABELS,
  absent: ABSENT_ACTION_LABELS,
  newProducts: NEW_PRODUCTS_LABELS,
  mode: { ...PRICING_MODE_LABELS, ...PUBLISH_MODE_LABELS },
  kind: RULE_KIND_LABELS,
  format: { csv: 'CSV', xlsx: 'Excel (XLSX)', yml: 'YML' },
  encoding: { 'utf-8': 'UTF-8', 'windows-1251': 'Windows-1251' },
  delimiter: { ';': '«;»', ',': '«,»', '\t': 'табуляция' },
};

/** A status is an order's or a collected page's, by the entry's kind. */
const statusLabels = (kind: StaffActionKind): Record<string, string> =>
  kind.startsWith('mass-scraper.') ? ITEM_STATUS_LABELS : kind.startsWith('import.') ? IMPORT_STATUS_LABELS : ORDER_STATUS_LABELS;

/** A value as people read it: text, or the labelled parts of an object or a list (never JSON). */
export type ShownValue = string | { key: string; label: string; value: ShownValue }[];

function wordsOf(kind: StaffActionKind, key: string, value: string): string {
  const labels = key === 'status' ? statusLabels(kind) : VALUE_LABELS[key];
  return labels?.[value] ?? value;
}

/** A price list's columns: «Артикул магазина: колонка 2». */
const mappingShown = (mapping: Record<string, unknown>): ShownValue =>
  Object.entries(mapping).map(([field, column]) => {
    const branch = branchOfField(field);
    const label = branch ? `Остаток: ${branch}` : (IMPORT_FIELD_LABELS[field as keyof typeof IMPORT_FIELD_LABELS] ?? field);
    return { key: field, label, value: typeof column === 'number' ? `колонка ${column + 1}` : String(column) };
  });

export function shownValue(kind: StaffActionKind, key: string, value: unknown): ShownValue {
  if (isEmptyValue(value)) return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'number' && MONEY_FIELDS.has(key)) return formatRub(value);
  if (typeof value === 'number' && key === 'vatRate') return VAT_RATE_LABELS[value as keyof typeof VAT_RATE_LABELS] ?? `${value} %`;
  if (typeof value === 'string') return wordsOf(kind, key, value);
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object' || item === null)) return value.map((item) => shownText(shownValue(kind, key, item))).join(', ');
    return value.map((item, i) => ({ key: String(i), label: `${i + 1}.`, value: shownValue(kind, key, item) }));
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (key === 'mapping') return mappingShown(record);
    const fields = inFormOrder(Object.keys(record).filter((field) => !isEmptyValue(record[field])));
    return fields.length === 0 ? '—' : fields.map((field) => ({ key: field, label: fieldLabel(field, kind), value: shownValue(kind, field, record[field]) }));
  }
  return String(value);
}

/** The same as one line of text (for lists of plain values and tests). */
export function shownText(shown: ShownValue): string {
  return typeof shown === 'string' ? shown : shown.map((part) => `${part.label}: ${shownText(part.value)}`).join('; ');
}
