/**
 * The kinds of the staff action log (docs/decisions/017), grouped as the log's filter shows them.
 * A staff route names its kind in `config.staffLog`; the labels are what administrators read.
 */
export const STAFF_ACTION_GROUPS = [
  {
    label: 'Товары',
    kinds: {
      'product.create': 'Товар создан',
      'product.update': 'Товар изменён',
      'product.import': 'Товар загружен (импорт по одному)',
      'product.delete': 'Товар удалён',
      'product.delete-all': 'Удалены все товары',
      'upload.create': 'Загружено изображение',
    },
  },
  {
    label: 'Отзывы',
    kinds: {
      'review.approve': 'Отзыв опубликован',
      'review.reject': 'Отзыв отклонён',
      'review.reply': 'Ответ на отзыв',
    },
  },
  {
    label: 'Категории',
    kinds: {
      'category.create': 'Категория создана',
      'category.update': 'Категория изменена',
      'category.delete': 'Категория удалена',
      'category.filters': 'Фильтры категории изменены',
    },
  },
  {
    label: 'Характеристики',
    kinds: {
      'attribute.create': 'Характеристика создана',
      'attribute.update': 'Характеристика изменена',
      'attribute.delete': 'Характеристика удалена',
      'attribute.merge': 'Характеристики объединены',
    },
  },
  {
    label: 'Заказы',
    kinds: {
      'order.status': 'Статус заказа изменён',
      'order.edit': 'Состав заказа изменён',
      'order.comment': 'Комментарий к заказу',
      'order.payment-link': 'Отправлена ссылка на оплату',
      'order.refund': 'Возврат оплаты по заказу',
      'order.cdek-register': 'Заказ повторно зарегистрирован в СДЭК',
    },
  },
  {
    label: 'Пользователи',
    kinds: {
      'user.create': 'Пользователь создан',
      'user.update': 'Пользователь изменён',
      'user.status': 'Пользователь заблокирован или активирован',
      'user.customer-group': 'Покупатель переведён в другую группу',
    },
  },
  {
    label: 'Группы покупателей',
    kinds: {
      'customer-group.create': 'Группа покупателей создана',
      'customer-group.update': 'Группа покупателей изменена',
      'customer-group.delete': 'Группа покупателей удалена',
    },
  },
  {
    label: 'Настройки',
    kinds: {
      'settings.shop': 'Настройки магазина изменены',
      'settings.seo': 'SEO настройки изменены',
      'settings.payment': 'Настройки оплаты изменены',
      'settings.requisites': 'Реквизиты магазина изменены',
      'settings.backup': 'Настройки резервных копий изменены',
      'settings.exchange-1c': 'Настройки обмена с 1С изменены',
    },
  },
  {
    label: 'Филиалы',
    kinds: {
      'branch.create': 'Филиал добавлен',
      'branch.update': 'Филиал изменён',
      'branch.delete': 'Филиал удалён',
      'branch.transfers': 'Сроки перемещений между филиалами изменены',
    },
  },
  {
    label: 'Резервные копии',
    kinds: {
      'backup.create': 'Резервная копия создана',
      'backup.download': 'Резервная копия скачана',
    },
  },
  {
    label: 'Поставщики и импорт',
    kinds: {
      'supplier.create': 'Поставщик добавлен',
      'supplier.update': 'Поставщик изменён',
      'import.upload': 'Прайс-лист загружен',
      'import.check': 'Запущена проверка импорта',
      'import.apply': 'Запущено применение импорта',
      'import.rollback': 'Импорт откачен',
      'web-scraper.extract': 'Товар прочитан по ссылке',
      'mass-scraper.start': 'Запущена массовая загрузка',
      'mass-scraper.draft': 'Карточка массовой загрузки изменена',
      'mass-scraper.publish': 'Карточки опубликованы',
      'mass-scraper.discard': 'Страницы отклонены',
    },
  },
  {
    label: 'Адаптер каталога',
    kinds: {
      'adapter.rule.create': 'Правило категорий создано',
      'adapter.rule.update': 'Правило категорий изменено',
      'adapter.rule.delete': 'Правило категорий удалено',
      'adapter.reapply': 'Правила применены к товарам',
      'adapter.alias.create': 'Написание бренда добавлено',
      'adapter.alias.update': 'Написание бренда изменено',
      'adapter.alias.delete': 'Написание бренда удалено',
      'adapter.unit.create': 'Правило единиц добавлено',
      'adapter.unit.update': 'Правило единиц изменено',
      'adapter.unit.delete': 'Правило единиц удалено',
    },
  },
  {
    label: 'Фоновые задачи',
    kinds: {
      'job.stop': 'Задача остановлена',
      'job.pause': 'Задача приостановлена',
      'job.resume': 'Задача продолжена',
    },
  },
] as const;

type Group = (typeof STAFF_ACTION_GROUPS)[number];
type KindsOf<G> = G extends { kinds: infer K } ? keyof K : never;
export type StaffActionKind = KindsOf<Group>;

export const STAFF_ACTION_LABELS = Object.fromEntries(STAFF_ACTION_GROUPS.flatMap((g) => Object.entries(g.kinds))) as Record<
  StaffActionKind,
  string
>;
export const STAFF_ACTION_KINDS = Object.keys(STAFF_ACTION_LABELS) as [StaffActionKind, ...StaffActionKind[]];

/** One entry of GET /api/admin/staff-actions. */
export type StaffAction = {
  id: number;
  createdAt: string;
  userId: number | null;
  username: string;
  ip: string;
  kind: StaffActionKind;
  objectId: string | null;
  /** The object's name when the entry was written (null for entries from before names were kept). */
  objectName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
};

/** Someone who has entries in the log (a deleted user too: userId null, the username kept). */
export type StaffActionPerson = { userId: number | null; username: string };
