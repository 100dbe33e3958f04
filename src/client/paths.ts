/** Every route's path in one place: links, redirects and the route table all take them from here. */
export const paths = {
  home: '/',
  /** The home page's search (spec 5): the query's results, scrolled to the list. */
  search: (query: string) => `/?query=${encodeURIComponent(query)}#products`,
  products: '/products',
  category: (slug: string) => `/category/${slug}`,
  product: (slug: string) => `/product/${slug}`,
  cart: '/cart',
  /** «Заказ по артикулам»: with `?list=` the page shows that list checked (its plain form sends it so). */
  orderBySku: '/order-by-sku',
  orderBySkuList: (list: string) => `/order-by-sku?list=${encodeURIComponent(list)}`,
  /** The same as the server's LIST_PAGES (`#shared/product-lists.ts`), written out: the first load stays without it. */
  favorites: '/favorites',
  compare: '/compare',
  checkout: '/checkout',
  auth: '/auth',
  /** The login page, coming back to `next` (a path of this site) afterwards. */
  authThen: (next: string) => `/auth?next=${encodeURIComponent(next)}`,
  passwordReset: '/password-reset',
  /** The link of the password-reset e-mail opens here with `?token=`. */
  passwordResetForm: '/password-reset/reset',
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
  /** The old contacts address, answered with a permanent redirect. */
  contactLegacy: '/contact',
  admin: '/admin',
} as const;

/** Route patterns of the pages with a parameter (the route table's side of `paths`). */
export const patterns = {
  category: paths.category(':slug'),
  product: paths.product(':slug'),
  publication: paths.publication(':id'),
  orderComplete: paths.orderComplete(':id'),
  /** Without a number the page says there is no order to show. */
  orderCompleteWithoutId: '/order-complete',
  admin: `${paths.admin}/*`,
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
