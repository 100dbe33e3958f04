import { paths } from '#client/paths.ts';

/*
 * The back office's paths live apart from the storefront's (src/client/paths.ts): the storefront
 * bundle, loaded by every customer, never carries them.
 */

/**
 * The back office's screens, relative to /admin: the admin app routes them itself, under the
 * storefront's `/admin/*`.
 */
export const adminRoutes = {
  dashboard: '',
  products: 'products',
  productCreate: 'products/create',
  productNew: 'products/new',
  productEdit: 'products/edit/:id',
  import: 'import',
  webScraper: 'web-scraper',
  catalogAdapter: 'catalog-adapter',
  massScraper: 'mass-scraper',
  categories: 'categories',
  attributes: 'attributes',
  orders: 'orders',
  orderPrint: 'orders/:id/print',
  reviews: 'reviews',
  users: 'users',
  settings: 'settings',
  supplierImporter: 'supplier-importer',
  supplierImport: 'supplier-importer/imports/:id',
} as const;

const inAdmin = (route: string) => (route ? `${paths.admin}/${route}` : paths.admin);

/** Links between the back office's screens. */
export const adminPaths = {
  screen: inAdmin,
  dashboard: inAdmin(adminRoutes.dashboard),
  products: inAdmin(adminRoutes.products),
  productsInCategory: (categoryId: number) => `${inAdmin(adminRoutes.products)}?categoryId=${categoryId}`,
  productCreate: inAdmin(adminRoutes.productCreate),
  productEdit: (id: number) => inAdmin(adminRoutes.productEdit.replace(':id', String(id))),
  import: inAdmin(adminRoutes.import),
  webScraper: inAdmin(adminRoutes.webScraper),
  massScraper: inAdmin(adminRoutes.massScraper),
  categories: inAdmin(adminRoutes.categories),
  attributes: inAdmin(adminRoutes.attributes),
  orders: inAdmin(adminRoutes.orders),
  /** The orders list searched for one order number. */
  order: (id: number) => `${inAdmin(adminRoutes.orders)}?query=${id}`,
  /** The order's print view. */
  orderPrint: (id: number) => inAdmin(adminRoutes.orderPrint.replace(':id', String(id))),
  supplierImporter: inAdmin(adminRoutes.supplierImporter),
  /** The importer with one supplier picked, on one of its tabs. */
  supplier: (supplierId: number, tab?: 'import' | 'history' | 'settings') =>
    `${inAdmin(adminRoutes.supplierImporter)}?supplier=${supplierId}${tab ? `&tab=${tab}` : ''}`,
  supplierImport: (id: number) => inAdmin(adminRoutes.supplierImport.replace(':id', String(id))),
} as const;
