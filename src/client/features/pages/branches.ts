/**
 * The company's branches: fixed content of the about and contacts pages (and of the pickup
 * section on the shipping page). The shop's own phone and e-mail come from the settings.
 */
export type Branch = {
  id: string;
  city: string;
  /** 'Головной офис' or 'Филиал'. */
  kind: string;
  address: string;
  phone: string;
  hours: string;
  /** What the branch offers besides sales. */
  services: string[];
};

export const branches: Branch[] = [
  {
    id: 'volgograd',
    city: 'Волгоград',
    kind: 'Головной офис',
    address: 'г. Волгоград, ул. Промышленная, д. 12',
    phone: '+7 (8442) 50-37-12',
    hours: 'Пн–Пт 8:00–18:00, Сб 9:00–15:00',
    services: ['Розница и опт', 'Склад и пункт выдачи', 'Авторизованный сервисный центр'],
  },
  {
    id: 'rostov',
    city: 'Ростов-на-Дону',
    kind: 'Филиал',
    address: 'г. Ростов-на-Дону, ул. Доватора, д. 150, стр. 2',
    phone: '+7 (863) 310-45-27',
    hours: 'Пн–Пт 8:30–18:00, Сб 9:00–14:00',
    services: ['Розница и опт', 'Пункт выдачи заказов', 'Приём инструмента в ремонт'],
  },
  {
    id: 'spb',
    city: 'Санкт-Петербург',
    kind: 'Филиал',
    address: 'г. Санкт-Петербург, ул. Салова, д. 27, лит. А',
    phone: '+7 (812) 409-18-63',
    hours: 'Пн–Пт 9:00–19:00, Сб 10:00–16:00',
    services: ['Розница и опт', 'Пункт выдачи заказов', 'Приём инструмента в ремонт'],
  },
  {
    id: 'novorossiysk',
    city: 'Новороссийск',
    kind: 'Филиал',
    address: 'г. Новороссийск, Сухумское шоссе, д. 35',
    phone: '+7 (8617) 30-52-84',
    hours: 'Пн–Пт 8:00–17:00, Сб 9:00–13:00',
    services: ['Розница и опт', 'Пункт выдачи заказов'],
  },
  {
    id: 'mariupol',
    city: 'Мариуполь',
    kind: 'Филиал',
    address: 'г. Мариуполь, пр-т Металлургов, д. 54',
    phone: '+7 (949) 512-40-36',
    hours: 'Пн–Пт 8:00–17:00, Сб 9:00–13:00',
    services: ['Розница и опт', 'Пункт выдачи заказов'],
  },
];

/** A Yandex Maps search for the address (opens in a new tab). */
export const mapHref = (address: string) => `https://yandex.ru/maps/?text=${encodeURIComponent(address)}`;
