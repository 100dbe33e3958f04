/** Shapes the API answers with, shared by server and client. Money in roubles. */
import type { AttributeKind } from './attributes.ts';
import type { BranchStock } from './schemas/branches.ts';
import type { AdminOrderPayment, OrderPayment } from './schemas/payments.ts';
import type { OrderStatus, PaymentMethod, PaymentStatus, Role, Supplier } from './constants.ts';
import type { DeliveryMethod, OrderDeliveryPoint } from './delivery.ts';
import type { Branch } from './schemas/branches.ts';
import type { BackupFrequency, BackupKind, BackupPictures, BackupShelfPlace } from './schemas/backup.ts';
import type { OrderBuyer } from './organizations.ts';

export type Category = {
  id: number;
  slug: string;
  name: string;
  description: string;
  icon: string;
  parentId: number | null;
  productCount: number;
  imageUrl: string | null;
};

export type PublicUser = {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  fullName: string | null;
  phone: string | null;
};

export type { Cart, CartItem, CartProduct } from './schemas/cart.ts';

/** A line of an order: a snapshot of the product at the time of the order. */
export type OrderItem = {
  id: number;
  productId: number | null;
  productName: string;
  productSku: string | null;
  productSlug: string | null;
  productPrice: number;
  quantity: number;
  totalPrice: number;
  /** The city of the branch whose stock the line took (cancelling returns it there). */
  stockBranch: string | null;
  /** That branch's id: a pickup line from another branch is moved to the pickup branch (docs/decisions/038). */
  stockBranchId: number | null;
};

/** The branch a pickup order is collected from, as the order page and the e-mails show it. */
export type PickupBranch = Pick<Branch, 'id' | 'city' | 'address' | 'phone' | 'workingHours'>;

/** GET /api/orders/{id}, POST /api/orders and each entry of GET /api/orders/my-orders. Money in roubles. */
export type OrderDelivery = {
  method: DeliveryMethod;
  price: number;
  daysMin: number | null;
  daysMax: number | null;
  point: OrderDeliveryPoint | null;
  trackNumber: string | null;
};

export type Order = {
  id: number;
  userId: number | null;
  status: OrderStatus;
  createdAt: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address: string;
  city: string;
  postalCode: string;
  notes: string | null;
  deliveryMethod: DeliveryMethod;
  /** Set for a pickup order; its address, city and postal code are then empty. */
  pickupBranch: PickupBranch | null;
  /** A pickup order with lines brought from other branches: the shop day (YYYY-MM-DD) they are promised at the pickup branch; null otherwise. */
  readyBy: string | null;
  /** «Покупатель»: a private person, or the organisation as it was when the order was placed. */
  buyer: OrderBuyer;
  subtotal: number;
  /** VAT added on top of the goods' prices (the 'НДС (N%)' line); 0 when they included it. */
  vat: number;
  /** The VAT the total contains, goods and delivery («в т. ч. НДС (N%)»): the receipt's and 1C's VAT. */
  vatInTotal: number;
  /** The VAT rate in percent the order was placed with (0: «Без НДС»). */
  vatRate: number;
  /** The catalogue's prices included VAT when the order was placed («Цены в каталоге: с НДС»). */
  pricesIncludeVat: boolean;
  /**
   * How and for how much the order travels (issue 28): `price` in roubles, the working days
   * promised when it was placed (a carrier's tariff; null: none promised), the carrier's pickup
   * point, and the carrier's track number once the shipment is registered.
   */
  delivery: OrderDelivery;
  totalAmount: number;
  items: OrderItem[];
  /** The online payment (YooKassa); null for cash and card on delivery. */
  payment: OrderPayment | null;
};

/** POST /api/orders: the order, and where to send the customer to pay (online payment with YooKassa configured). */
export type PlacedOrder = Order & { confirmationUrl: string | null };

/** Back office: an order in the staff list (GET /api/orders). */
export type AdminOrderSummary = {
  id: number;
  createdAt: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  city: string;
  deliveryMethod: DeliveryMethod;
  totalAmount: number;
  itemCount: number;
  userId: number | null;
  /** The buying organisation's name; null for a private person. */
  organizationName: string | null;
};

export type OrderHistoryEntry = {
  id: number;
  /** `lines`, `delivery` and `total`: staff edited the order (texts such as «Дрель DCK: 2 шт.», «500 ₽»). */
  field: OrderHistoryField;
  fromValue: string | null;
  toValue: string;
  changedAt: string;
  changedBy: { id: number; username: string } | null;
  /** The change came from the exchange with 1C, YooKassa's payment events or СДЭК's status events, not from a person. */
  source: OrderHistorySource | null;
  /** Why, when the values alone do not say it (a payment that came after the order was cancelled). */
  note: string | null;
};

export const ORDER_HISTORY_FIELDS = ['status', 'payment', 'lines', 'delivery', 'total'] as const;
export type OrderHistoryField = (typeof ORDER_HISTORY_FIELDS)[number];

/** A staff member's internal comment on an order: never shown to the customer. */
export type OrderComment = { id: number; text: string; authorName: string; createdAt: string };

export const ORDER_HISTORY_SOURCES = ['1c', 'yookassa', 'cdek'] as const;
export type OrderHistorySource = (typeof ORDER_HISTORY_SOURCES)[number];

/** Back office: one order with its lines and the history of its status changes. */
export type AdminOrderDetail = Omit<Order, 'payment'> & {
  /** The online payment with its refunds; null for cash and card on delivery. */
  payment: AdminOrderPayment | null;
  updatedAt: string;
  itemCount: number;
  history: OrderHistoryEntry[];
  comments: OrderComment[];
};

/** Back office: a user as 'Управление клиентами' shows it (spec 3, User admin view). */
export type AdminUser = {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  phone: string | null;
  fullName: string | null;
  address: string | null;
  isActive: boolean;
  createdAt: string;
  lastLogin: string | null;
};

/** A customer's orders as staff see them in the customer's card: the latest, how many in all, and their sum. */
export type CustomerOrders = {
  latest: AdminOrderSummary[];
  count: number;
  /** Roubles, cancelled orders left out. */
  totalAmount: number;
};

/** GET /api/admin/users/{id}/card: «Карточка клиента». */
/** `customerGroupId`: the customer's group (its prices); null: «Розница». */
export type AdminCustomerCard = { user: AdminUser; addresses: Address[]; orders: CustomerOrders; customerGroupId: number | null };

export type BackupFile = {
  name: string;
  size: number;
  createdAt: string;
  kind: BackupKind;
  /** Where the pictures were when the copy was made (its description beside it); null for copies made before it was recorded. */
  pictures: BackupPictures | null;
};

export type BackupOverview = {
  backups: BackupFile[];
  settings: { enabled: boolean; frequency: BackupFrequency; retentionDays: number };
  lastBackupAt: string | null;
  /** When the next automatic copy is due, if automatic copies are on. */
  nextRunAt: string | null;
  databaseKind: 'pglite' | 'postgres';
  /** Where the pictures are now: no copy holds them. */
  pictures: BackupPictures;
  /** Where the copies are kept. */
  shelf: BackupShelfPlace;
};

/** A category in the back office: counts of all its products and of the active ones. */
export type AdminCategory = Omit<Category, 'productCount' | 'imageUrl'> & {
  productCount: number;
  activeProductCount: number;
} & CategoryParcelDefaults;

/** A category's weight (kg) and size (cm) for its products without their own; null: the shop's (DEFAULT_PARCEL). */
export type CategoryParcelDefaults = {
  defaultWeightKg: number | null;
  defaultLengthCm: number | null;
  defaultWidthCm: number | null;
  defaultHeightCm: number | null;
};

/** GET /api/admin/dashboard: real figures; changes in percent against the 30 days before (null when there is nothing to compare with). */
export type AdminDashboard = {
  periodDays: number;
  revenue: { current: number; previous: number; changePercent: number | null };
  orders: { current: number; previous: number; changePercent: number | null };
  customers: { total: number; newCurrent: number; newPrevious: number; changePercent: number | null };
  products: { total: number; active: number; inactive: number };
  lowStock: {
    threshold: number;
    count: number;
    items: { id: number; name: string; sku: string; stock: number | null }[];
  };
  latestOrders: {
    id: number;
    customerName: string;
    totalAmount: number;
    status: OrderStatus;
    createdAt: string;
  }[];
  categories: { id: number; name: string; slug: string; icon: string; productCount: number; activeProductCount: number }[];
};

/** A saved delivery address of the personal account (GET /api/addresses). */
export type Address = {
  id: number;
  label: string;
  recipientName: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  isDefault: boolean;
  createdAt: string;
};

/**
 * A catalogue product (GET /api/products, GET /api/products/{slugOrId}): every field of spec 3.
 * Money in roubles; `price` null or 0 means "price on request"; `stock` null counts as out of stock.
 */
export type Product = {
  id: number;
  slug: string;
  name: string;
  sku: string;
  tag: string | null;
  imageUrl: string | null;
  price: number | null;
  originalPrice: number | null;
  stock: number | null;
  /** The quantity in every branch (0 where none), in display order; `stock` is their sum. */
  branchStock: BranchStock[];
  shortDescription: string;
  description: string;
  categoryId: number | null;
  category: { id: number; name: string; slug: string } | null;
  /** Whom the shop buys it from: staff's business, never shown to customers as the brand. */
  supplier: Supplier | null;
  /** The maker customers see (DCK, P.I.T, …), or null. */
  brand: string | null;
  /** Only in `GET /api/products/{slugOrId}`: the product's characteristics. */
  attributes?: ProductAttribute[];
  isActive: boolean;
  isFeatured: boolean;
  /** Packed weight (kg) and size (cm), its own; null: none given (the category's default ships it). */
  weightKg: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  createdAt: string;
  updatedAt: string;
};

/** A supplier's offer of a product (`GET /api/admin/products/{id}/offers`), prices in roubles. */
export type SupplierOfferView = {
  supplierId: number;
  supplierCode: string;
  supplierName: string;
  supplierSku: string | null;
  purchasePrice: number | null;
  price: number | null;
  /** What the supplier says it holds; the shop's own stock is the product's. */
  stock: number | null;
  updatedAt: string;
  /** This offer sets the product's price. */
  isPriceSource: boolean;
};

/** GET /api/products: the storefront reads the flat fields, the admin list `pagination`. */
export type ProductListResponse = {
  products: Product[];
  total: number;
  totalPages: number;
  page: number;
  limit: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  pagination: { total: number; totalPages: number; page: number; limit: number };
  /**
   * A search that matched more products than are ranked: `total` counts the best matches that can
   * be paged through, and the customer is asked to narrow the query.
   */
  capped: boolean;
  /**
   * A search whose words as typed found nothing: the query as it was read instead (a typo
   * corrected, the other keyboard layout), «Показаны результаты по запросу «перфоратор»».
   */
  correctedQuery?: string;
  /** With `facets=true`: the category's characteristics, each counted as if added to the other chosen filters. */
  facets?: Facet[];
  /** With `facets=true`: the brands under the same rule. */
  brands?: FacetValue[];
  /** With `facets=true`: the lowest and highest price in roubles under the same rule; null when nothing has a price. */
  price?: { min: number; max: number } | null;
};

/** An option of a filter with the number of products the list would show if it were added. */
export type FacetValue = { value: string; count: number };

/** A characteristic's filter: checkboxes for text and yes/no, a from–to range for numbers. */
export type Facet =
  | { slug: string; name: string; unit: string | null; kind: Exclude<AttributeKind, 'number'>; values: FacetValue[] }
  | { slug: string; name: string; unit: string | null; kind: 'number'; min: number; max: number };

/** A product's characteristic as `GET /api/products/{slugOrId}` gives it, ordered by group and the attributes' order. */
export type ProductAttribute = { slug: string; name: string; group: string; value: string; unit: string | null };
