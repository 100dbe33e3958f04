/** How «Журнал действий» writes an entry's object and its fields' values in Russian. */
import { CATALOG_PRICES_LABELS, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, ROLE_LABELS, VAT_RATE_LABELS } from '#shared/constants.ts';
import { formatRub } from '#shared/money.ts';
import type { StaffActionKind } from '#shared/staff-actions.ts';

/** What the object id names, by the kind's first part. */
const OBJECT_LABELS: Record<string, string> = {
  product: 'Товар №',
  category: 'Категория №',
  order: 'Заказ №',
  user: 'Пользователь №',
  backup: 'Файл ',
  supplier: 'Поставщик №',
  import: 'Импорт №',
  'mass-scraper': '№',
  'adapter.rule': 'Правило №',
  'adapter.alias': 'Написание ',
  'adapter.unit': 'Правило единиц №',
  job: 'Задача №',
};

export function objectText(kind: StaffActionKind, objectId: string | null): string | null {
  if (objectId === null || kind.startsWith('settings.') || kind === 'upload.create') return null;
  const prefix = OBJECT_LABELS[kind.split('.').slice(0, kind.startsWith('adapter.') ? 2 : 1).join('.')];
  return prefix ? `${prefix}${objectId}` : objectId;
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
};

export const fieldLabel = (key: string) => FIELD_LABELS[key] ?? key;

const FIELD_ORDER = Object.keys(FIELD_LABELS);
const orderOf = (key: string) => (FIELD_LABELS[key] ? FIELD_ORDER.indexOf(key) : FIELD_ORDER.length);

/** Fields in the order of the forms (name first, then price…); unknown ones last, as they came. */
export const inFormOrder = (keys: string[]) => [...keys].sort((a, b) => orderOf(a) - orderOf(b));

/** Nothing to show: a field left empty when an object was created or deleted. */
export const isEmptyValue = (value: unknown) => value === null || value === undefined || value === '';

const MONEY_FIELDS = new Set(['price', 'originalPrice', 'freeDeliveryThreshold']);

/** One field's value as text; objects and lists as indented JSON. */
export function valueText(kind: StaffActionKind, key: string, value: unknown): string {
  if (isEmptyValue(value)) return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'number' && MONEY_FIELDS.has(key)) return formatRub(value);
  if (typeof value === 'number' && key === 'vatRate') return VAT_RATE_LABELS[value as keyof typeof VAT_RATE_LABELS] ?? `${value} %`;
  if (typeof value === 'string') {
    if (key === 'role') return ROLE_LABELS[value as keyof typeof ROLE_LABELS] ?? value;
    if (key === 'status' && kind === 'order.status') return ORDER_STATUS_LABELS[value as keyof typeof ORDER_STATUS_LABELS] ?? value;
    if (key === 'paymentStatus') return PAYMENT_STATUS_LABELS[value as keyof typeof PAYMENT_STATUS_LABELS] ?? value;
    if (key === 'catalogPrices') return CATALOG_PRICES_LABELS[value as keyof typeof CATALOG_PRICES_LABELS] ?? value;
    return value;
  }
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return String(value);
}
