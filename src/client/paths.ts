/** Every route's path in one place. */
export const paths = {
  home: '/',
  products: '/products',
  category: (slug: string) => `/category/${slug}`,
  product: (slug: string) => `/product/${slug}`,
  cart: '/cart',
  checkout: '/checkout',
  auth: '/auth',
  passwordReset: '/password-reset',
  profile: '/profile',
  orderComplete: (id: number | string) => `/order-complete/${id}`,
  publications: '/publications',
  publication: (id: number | string) => `/publication/${id}`,
  about: '/about',
  contacts: '/contacts',
  faq: '/faq',
  shipping: '/shipping',
  returns: '/returns',
  warranty: '/warranty',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  sitemap: '/sitemap',
  admin: '/admin',
} as const;

/** The footer pages sharing one screen and one module (decisions.md, "Routes and guards"): /faq, /shipping, … */
export const INFO_PAGE_KEYS = ['faq', 'shipping', 'returns', 'warranty', 'privacy', 'terms', 'cookies'] as const;
export type InfoPageKey = (typeof INFO_PAGE_KEYS)[number];

/** Footer links of spec 2.2 with their Russian labels. */
export const footerLinks = [
  { to: paths.contacts, label: 'Контакты' },
  { to: paths.faq, label: 'Вопросы и ответы' },
  { to: paths.shipping, label: 'Доставка и оплата' },
  { to: paths.returns, label: 'Возврат товара' },
  { to: paths.warranty, label: 'Гарантия' },
  { to: paths.privacy, label: 'Политика конфиденциальности' },
  { to: paths.terms, label: 'Пользовательское соглашение' },
  { to: paths.cookies, label: 'Использование cookie' },
  { to: paths.sitemap, label: 'Карта сайта' },
] as const;
