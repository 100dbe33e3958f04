import { sql, type SQL } from 'drizzle-orm';
import type { OrderDeliveryPoint } from '#shared/delivery.ts';
import type { OrderBuyerCompany } from '#shared/organizations.ts';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull().default('wrench'),
  parentId: integer('parent_id'),
  sortOrder: integer('sort_order').notNull().default(0),
  /**
   * Weight (grams) and size (millimetres) of a product of this category that has none of its own,
   * so that every cart has a shipping weight (issue 28). Null: the shop's defaults (DEFAULT_PARCEL, shared/delivery.ts).
   */
  defaultWeightGrams: integer('default_weight_grams'),
  defaultLengthMm: integer('default_length_mm'),
  defaultWidthMm: integer('default_width_mm'),
  defaultHeightMm: integer('default_height_mm'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The company's head office and branches: stock is kept per branch, orders are picked up at one. */
export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  city: text('city').notNull(),
  /** The city after «в» (prepositional case): «В наличии в Ростове-на-Дону: 4 шт.». */
  cityIn: text('city_in').notNull().default(''),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  workingHours: text('working_hours').notNull(),
  /** Hands out orders («Самовывоз из филиала»). */
  pickup: boolean('pickup').notNull().default(true),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Whole days goods take from one branch to another (settings, «Филиалы»): a pickup branch that
 * lacks a line gets it from a branch with a route to it. No row: no transfers on that route.
 */
export const branchTransfers = pgTable(
  'branch_transfers',
  {
    fromBranchId: integer('from_branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    toBranchId: integer('to_branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromBranchId, t.toBranchId] })],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    tag: text('tag'),
    imageUrl: text('image_url'),
    /** Kopecks; null or 0 means "price on request". */
    priceKopecks: integer('price_kopecks'),
    originalPriceKopecks: integer('original_price_kopecks'),
    /** Null counts as out of stock. */
    stock: integer('stock'),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    /** The supplier's code (suppliers.code): DCK, P.I.T, or another kept in the back office. */
    supplier: text('supplier'),
    /**
     * The maker (DCK, P.I.T, …) as customers see it, apart from the supplier the shop buys from;
     * imports write it as the adapter's brand spellings normalise it. Null: not known.
     */
    brand: text('brand'),
    /** The supplier's own SKU, which may differ from the shop's; imports match on it first. */
    supplierSku: text('supplier_sku'),
    /** The category name the supplier's file gave; the catalogue adapter maps it to categoryId. */
    supplierCategory: text('supplier_category'),
    /** The product's Ид in 1C (CommerceML `Товар/Ид`): «Обмен с 1С» finds it by this first. */
    exchange1cId: text('exchange_1c_id'),
    /**
     * Imported into a supplier category no rule maps yet: kept hidden («Без категории») until
     * the adapter maps it.
     */
    awaitingCategory: boolean('awaiting_category').notNull().default(false),
    /**
     * A product waiting in «Без категории» goes on sale once placed only when its import asked
     * for products on sale; one imported «Скрытыми, для проверки» stays hidden until staff publish it.
     */
    publishWhenPlaced: boolean('publish_when_placed').notNull().default(false),
    /**
     * The supplier whose offer sets the price (supplier_offers); staff choose it in the product
     * form. Null: the product's own supplier (its first).
     */
    priceSupplierId: integer('price_supplier_id').references((): AnyPgColumn => suppliers.id, { onDelete: 'set null' }),
    /** Units sold; orders the "popular" sort. */
    salesCount: integer('sales_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** Packed weight in grams and size in millimetres (issue 28); null: the category's default. */
    weightGrams: integer('weight_grams'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** SKU without spaces, dashes and dots, lower case: what SKU fragments are searched in. */
    skuNorm: text('sku_norm').generatedAlwaysAs(
      (): SQL => sql`lower(regexp_replace(${products.sku}, '[^[:alnum:]]', '', 'g'))`,
    ),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('russian', coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('simple', coalesce(${products.sku}, '')), 'A') || setweight(to_tsvector('russian', coalesce(${products.shortDescription}, '')), 'B') || setweight(to_tsvector('russian', coalesce(${products.description}, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex('products_sku_unique').on(t.sku),
    uniqueIndex('products_supplier_sku_unique').on(t.supplier, t.supplierSku).where(sql`${t.supplierSku} is not null`),
    uniqueIndex('products_exchange_1c_id_unique').on(t.exchange1cId).where(sql`${t.exchange1cId} is not null`),
    index('products_category_idx').on(t.categoryId),
    // One index per catalogue sort. The filter columns (category, supplier) follow the unique id:
    // they do not change the order, but make filtered pages, deep pages and the facet counts
    // index-only scans that never read the wide rows (descriptions, search vector).
    index('products_featured_idx').on(t.isActive, t.isFeatured.desc(), t.salesCount.desc(), t.id.desc(), t.categoryId, t.supplier),
    index('products_newest_idx').on(t.isActive, t.createdAt.desc(), t.id.desc(), t.categoryId, t.supplier),
    index('products_price_idx').on(t.isActive, t.priceKopecks, t.id, t.categoryId, t.supplier),
    index('products_popular_idx').on(t.isActive, t.salesCount.desc(), t.id.desc(), t.categoryId, t.supplier),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('user'),
    fullName: text('full_name'),
    phone: text('phone'),
    address: text('address'),
    isActive: boolean('is_active').notNull().default(true),
    /** The customer's group (its prices, customer_groups); null: «Розница», the catalogue's price. */
    customerGroupId: integer('customer_group_id').references((): AnyPgColumn => customerGroups.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt.desc()),
    index('users_customer_group_idx').on(t.customerGroupId),
  ],
);

/**
 * Customer groups (wholesale prices): each is priced either by a 1C price type (product_prices of
 * that type, the retail price where a product has none) or by a discount from the retail price.
 * «Розница», everyone's default, is no row: a customer without a group.
 */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The 1C price type (price_types.id) the group buys at; null: priced by the discount. */
    priceTypeId: text('price_type_id'),
    /** Percent off the retail price, 0–90; null: priced by the price type. */
    discountPercent: integer('discount_percent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customer_groups_name_lower_unique').on(sql`lower(${t.name})`)],
);

/** The price types the catalogue knows (1C's ТипыЦен: Ид and name), written through the catalogue's door. */
export const priceTypes = pgTable('price_types', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A product's price of every price type 1C sent (the retail one included; products.price_kopecks
 * stays the retail price everyone sees). Written only through the catalogue's door.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceTypeId: text('price_type_id').notNull(),
    priceKopecks: integer('price_kopecks').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.priceTypeId] }), index('product_prices_type_idx').on(t.priceTypeId)],
);

/**
 * A product's quantity in each branch. products.stock stays their sum (kept in the same
 * transaction), so everything that reads the total keeps working.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.branchId] }), index('product_stock_branch_idx').on(t.branchId, t.productId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the random session id; the id itself lives only in the cookie. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    recipientName: text('recipient_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

/** A customer's organisation (issue 27): the buyer of company orders and the invoice's «Покупатель». */
export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    inn: text('inn').notNull(),
    /** A legal entity's КПП; an individual entrepreneur has none. */
    kpp: text('kpp'),
    /** ОГРН (13 digits) or ОГРНИП (15). */
    ogrn: text('ogrn').notNull(),
    legalAddress: text('legal_address').notNull(),
    bik: text('bik'),
    account: text('account'),
    correspondentAccount: text('correspondent_account'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('organizations_user_idx').on(t.userId)],
);

/** Consents to personal-data processing (152-FZ): who, when, from where, which policy. */
export const consents = pgTable('consents', {
  id: serial('id').primaryKey(),
  purpose: text('purpose').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  email: text('email'),
  ip: text('ip'),
  policyVersion: text('policy_version').notNull(),
  createdAt: createdAt(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const carts = pgTable('carts', {
  id: uuid('id').primaryKey(),
  /** Bumped when an order is placed from the cart: the idempotency key of checkout. */
  generation: integer('generation').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_cart_product_unique').on(t.cartId, t.productId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cartId: uuid('cart_id'),
    cartGeneration: integer('cart_generation'),
    status: text('status').notNull().default('pending'),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status').notNull().default('pending'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    notes: text('notes'),
    /** 'delivery', 'pickup', 'cdek-door' or 'cdek-point' (shared/delivery.ts). */
    deliveryMethod: text('delivery_method').notNull().default('delivery'),
    /** Working days the delivery was promised in when the order was placed (a carrier's tariff); null: none promised. */
    deliveryDaysMin: integer('delivery_days_min'),
    deliveryDaysMax: integer('delivery_days_max'),
    /** The carrier's tariff the price was computed with (СДЭК's tariff_code). */
    deliveryTariffCode: integer('delivery_tariff_code'),
    /** The carrier's pickup point of a 'cdek-point' order, as it was when the order was placed. */
    deliveryPoint: jsonb('delivery_point').$type<OrderDeliveryPoint>(),
    /** The carrier's number of the shipment, once it is registered (the customer tracks it). */
    trackNumber: text('track_number'),
    /** The branch a pickup order is collected from. */
    pickupBranchId: integer('pickup_branch_id').references(() => branches.id, { onDelete: 'restrict' }),
    /**
     * A pickup order some of whose lines come from other branches: the shop day (YYYY-MM-DD) the
     * last of them is promised at the pickup branch. Null: every line is there already.
     */
    readyBy: date('ready_by', { mode: 'string' }),
    subtotalKopecks: integer('subtotal_kopecks').notNull(),
    vatKopecks: integer('vat_kopecks').notNull(),
    /** The VAT rate in percent the order was placed with (0: «Без НДС»); orders from before the setting were placed at 20. */
    vatRate: integer('vat_rate').notNull().default(20),
    /** The VAT the total contains, goods and delivery (docs/decisions/030): the receipt's and 1C's VAT. */
    vatInTotalKopecks: integer('vat_in_total_kopecks').notNull(),
    /** The catalogue's prices included VAT when the order was placed (`vatKopecks` is then 0). */
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(false),
    deliveryKopecks: integer('delivery_kopecks').notNull(),
    totalKopecks: integer('total_kopecks').notNull(),
    /**
     * Grows with every change of the order (a trigger gives each UPDATE the sequence's next
     * value): the exchange with 1C sends an order again when it differs from the version 1C confirmed.
     */
    exchangeVersion: bigserial('exchange_version', { mode: 'number' }).notNull(),
    /** An unpaid online order holds its stock until then, and is cancelled after (docs/decisions/022). */
    paymentHoldUntil: timestamp('payment_hold_until', { withTimezone: true }),
    /**
     * The organisation that buys (issue 27), as it was when the order was placed: the invoice and
     * 1C's «Контрагент» read this copy, so a later edit of the organisation changes no placed order.
     * Null: a private person.
     */
    buyer: jsonb('buyer').$type<OrderBuyerCompany>(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The hold scan reads only orders still waiting for their money.
    index('orders_payment_hold_idx')
      .on(t.paymentHoldUntil)
      .where(sql`${t.paymentHoldUntil} is not null and ${t.paymentStatus} in ('pending', 'failed') and ${t.status} <> 'cancelled'`),
    uniqueIndex('orders_cart_generation_unique').on(t.cartId, t.cartGeneration),
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc()),
    index('orders_pickup_branch_idx').on(t.pickupBranchId, t.createdAt.desc()),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productSku: text('product_sku'),
    productSlug: text('product_slug'),
    unitPriceKopecks: integer('unit_price_kopecks').notNull(),
    quantity: integer('quantity').notNull(),
    totalKopecks: integer('total_kopecks').notNull(),
    /** The branch whose stock the line took; cancelling returns it there. */
    stockBranchId: integer('stock_branch_id').references(() => branches.id, { onDelete: 'restrict' }),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * YooKassa payments of online orders (docs/decisions/022). One row per attempt: the row and its
 * Idempotence-Key (a random UUID: unique across databases and restored backups on the same
 * YooKassa shop) exist before the API is asked, so a retry sends the same key and YooKassa
 * answers with the same payment instead of making a second one.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    idempotenceKey: text('idempotence_key').notNull().unique(),
    /** YooKassa's payment id; null until the API has answered. */
    yookassaId: text('yookassa_id').unique(),
    /** YooKassa's status: pending, waiting_for_capture, succeeded, canceled. */
    status: text('status').notNull().default('pending'),
    amountKopecks: integer('amount_kopecks').notNull(),
    confirmationUrl: text('confirmation_url'),
    /** YooKassa's cancellation_details.reason. */
    cancellationReason: text('cancellation_reason'),
    /** When the shop last asked YooKassa about it: reading orders asks at most so often (issue 25). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payments_order_attempt_unique').on(t.orderId, t.attempt)],
);

/**
 * Refunds of paid online orders. Each has its own random Idempotence-Key, chosen with the row
 * before the API is asked (a retry of the refund resends it; no other refund, in this database or
 * another on the same YooKassa shop, ever sends it).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    idempotenceKey: text('idempotence_key').notNull().unique(),
    yookassaId: text('yookassa_id').unique(),
    /** YooKassa's status: pending, succeeded, canceled. */
    status: text('status').notNull().default('pending'),
    amountKopecks: integer('amount_kopecks').notNull(),
    reason: text('reason'),
    /** Made by the shop itself: a payment that succeeded for a cancelled order (decision 022). */
    automatic: boolean('automatic').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_refunds_order_idx').on(t.orderId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'status' or 'payment'. */
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** A change no person made: '1c' from the accounting system's exchange, 'yookassa' from a payment event. */
    source: text('source'),
    /** Why, in staff's words, when the values alone do not say it (a payment after cancellation). */
    note: text('note'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/** Staff's internal comments on an order: never in the customer's answers or letters. */
export const orderComments = pgTable(
  'order_comments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The login at the time of writing, kept when the account is deleted. */
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_comments_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * What the exchange with 1C told it about each order: the version the last `sale&mode=query` sent
 * and the version 1C confirmed with `sale&mode=success`. An order is sent while its current
 * version is not the confirmed one.
 */
export const orderExchangeMarks = pgTable('order_exchange_marks', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentVersion: bigint('sent_version', { mode: 'number' }),
  confirmedVersion: bigint('confirmed_version', { mode: 'number' }),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
});

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_lower_unique').on(sql`lower(${t.email})`)],
);

/** Fixed-window counters shared by every process (rate limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** One row per scheduled run: the unique key makes exactly one process run it. */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: text('job').notNull(),
    runKey: text('run_key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.runKey] })],
);

/** Suppliers whose price lists are imported; products refer to them by code. */
export const suppliers = pgTable('suppliers', {
  id: serial('id').primaryKey(),
  /** As products.supplier holds it: DCK, P.I.T, … */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** File defaults, remembered column mapping, pricing rule and the scheduled run's limits. */
  settings: jsonb('settings').notNull().default({}),
  /** A YML feed or file the server fetches (by hand or on the schedule). */
  sourceUrl: text('source_url'),
  /** Daily scheduled import at this shop time (HH:MM), or null. */
  scheduleTime: text('schedule_time'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * What each supplier offers a product at (docs/decisions/032-supplier-offers.md): their SKU,
 * purchase and retail price and stock, as their last price list said. One product may have
 * several; the product's price follows the one staff chose (`products.price_supplier_id`).
 * Written only through the catalogue's door (modules/products/write/offers.ts).
 */
export const supplierOffers = pgTable(
  'supplier_offers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    supplierSku: text('supplier_sku'),
    /** Kopecks; null: the list gave none. */
    purchasePriceKopecks: integer('purchase_price_kopecks'),
    /** The retail price the supplier's pricing rule gives, kopecks. */
    priceKopecks: integer('price_kopecks'),
    /** What the supplier says it holds: shown to staff, not the shop's own stock. */
    stock: integer('stock'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('supplier_offers_product_supplier_unique').on(t.productId, t.supplierId), index('supplier_offers_supplier_sku_idx').on(t.supplierId, t.supplierSku)],
);

/**
 * Background jobs (docs/decisions/014): claimed by one process with FOR UPDATE SKIP LOCKED and
 * held by a lease the worker renews; a job whose lease ran out (its process died) is claimed
 * again and resumes from its checkpoint.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** queued, running, paused, done, failed, stopped */
    status: text('status').notNull().default('queued'),
    /** Staff asked to stop or pause: the worker sees it at its next step. */
    requested: text('requested'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    /** Where a resumed run goes on from; written by the handler. */
    checkpoint: jsonb('checkpoint'),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAfter), index('jobs_kind_idx').on(t.kind, t.createdAt.desc())],
);

/** One price-list import: its source, the dry run's counts, and what applying it did. */
export const supplierImports = pgTable(
  'supplier_imports',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** previewed, applying, applied, failed, stopped, refused, rolled_back */
    status: text('status').notNull(),
    /** manual or schedule */
    trigger: text('trigger').notNull().default('manual'),
    fileName: text('file_name').notNull(),
    sourceUrl: text('source_url'),
    /** The stored upload under <dataDir>/imports/, read again when the import is applied. */
    storedFile: text('stored_file'),
    /** Format, encoding, delimiter, sheet, header row, mapping, pricing, absent and new-product choices. */
    options: jsonb('options').notNull().default({}),
    counts: jsonb('counts').notNull().default({}),
    message: text('message'),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
  },
  (t) => [index('supplier_imports_supplier_idx').on(t.supplierId, t.createdAt.desc())],
);

/** Per-row report of an import; `before` and `after` let an applied import be rolled back. */
export const supplierImportRows = pgTable(
  'supplier_import_rows',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => supplierImports.id, { onDelete: 'cascade' }),
    /** Row in the file (1-based); null for shop products absent from the list. */
    rowNumber: integer('row_number'),
    /** create, update, unchanged, error, absent */
    action: text('action').notNull(),
    productId: integer('product_id'),
    sku: text('sku'),
    supplierSku: text('supplier_sku'),
    name: text('name'),
    column: text('column'),
    message: text('message'),
    priceFlagged: boolean('price_flagged').notNull().default(false),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The row's values, as the dry run read them, which apply writes. */
    record: jsonb('record'),
    applied: boolean('applied').notNull().default(false),
  },
  (t) => [index('supplier_import_rows_import_idx').on(t.importId, t.action, t.id), index('supplier_import_rows_product_idx').on(t.productId)],
);

/** Every category name a supplier's files have used (the adapter lists and maps them). */
export const supplierCategories = pgTable(
  'supplier_categories',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.name] })],
);

/**
 * Catalogue adapter rules: a supplier category (kind category), a word in the name
 * (name_contains) or a pattern (name_pattern) sends products to a shop category.
 */
export const categoryRules = pgTable(
  'category_rules',
  {
    id: serial('id').primaryKey(),
    /** Null: any supplier. */
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    pattern: text('pattern').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    /** Lower first; category rules come before name rules of the same priority. */
    priority: integer('priority').notNull().default(100),
    createdAt: createdAt(),
  },
  (t) => [index('category_rules_supplier_idx').on(t.supplierId, t.kind)],
);

/** Supplier spellings of a brand (`Dck`, `DCK Tools`, `ДЦК`) and the brand as the shop writes it (`DCK`). */
export const brandAliases = pgTable('brand_aliases', {
  /** Lower-case, spaces collapsed. */
  alias: text('alias').primaryKey(),
  /** The brand as the shop writes it (`DCK`). */
  brand: text('brand').notNull(),
  createdAt: createdAt(),
});

/** Unit spellings in names and parameters (`W` → `Вт`), applied in order. */
export const unitRules = pgTable('unit_rules', {
  id: serial('id').primaryKey(),
  /** A regular expression run on RE2, case-insensitive (`(\P{L}|$)` ends a word, `\b` knows no Cyrillic). */
  pattern: text('pattern').notNull(),
  replacement: text('replacement').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** Product cards extracted from web pages (web-scraper, mass-scraper), waiting for review. */
export const scrapedItems = pgTable(
  'scraped_items',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** pending, extracted, failed, duplicate, published, discarded */
    status: text('status').notNull().default('pending'),
    /** The extracted card: fields with their sources, pictures stored as /uploads/ addresses. */
    data: jsonb('data'),
    message: text('message'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('scraped_items_job_idx').on(t.jobId, t.id), index('scraped_items_status_idx').on(t.status, t.id)],
);

/**
 * The staff action log (docs/decisions/017): every change made in the back office, who made it,
 * from where, and the changed fields before and after. Rows are never changed and kept at least
 * 400 days (a trigger in the migration refuses anything else); the daily purge drops them after
 * 730. The username is kept in the row, so an entry still names a user who was deleted.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    /** One of STAFF_ACTION_KINDS (src/shared/staff-actions.ts). */
    kind: text('kind').notNull(),
    /** The changed object's id or key (a product's id, a settings key, a backup's file name). */
    objectId: text('object_id'),
    /** The object's name when the entry was written (a product's or supplier's name, a login), so the log reads with names after a rename or deletion. */
    objectName: text('object_name'),
    /** The changed fields' values before and after; the whole object for a creation or deletion. */
    before: jsonb('before'),
    after: jsonb('after'),
    /** What an action without an object snapshot was asked to do, or what it answered. */
    details: jsonb('details'),
  },
  (t) => [
    index('staff_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('staff_actions_user_idx').on(t.userId, t.createdAt.desc()),
    index('staff_actions_kind_idx').on(t.kind, t.createdAt.desc()),
  ],
);

/**
 * «Обмен с 1С» (docs/decisions/023): the sessions 1C opens with `checkauth` (the cookie holds the
 * random id, the table its SHA-256), expiring.
 */
export const exchange1cSessions = pgTable('exchange_1c_sessions', {
  idHash: text('id_hash').primaryKey(),
  createdAt: createdAt(),
  /** The session's last `init`: the imports of this exchange are the ones started after it. */
  initAt: timestamp('init_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** One step of an exchange (a file's import, an order query…) as the back office's log shows it. */
export const exchange1cLog = pgTable(
  'exchange_1c_log',
  {
    id: serial('id').primaryKey(),
    /** catalog or sale */
    type: text('type').notNull(),
    mode: text('mode').notNull(),
    files: jsonb('files').$type<string[]>().notNull().default([]),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    /** progress, success or failure */
    status: text('status').notNull(),
    /** The exchange session the step belongs to (its id hash), so `import` finds its own job. */
    sessionHash: text('session_hash'),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('exchange_1c_log_started_idx').on(t.startedAt.desc(), t.id.desc()), index('exchange_1c_log_session_idx').on(t.sessionHash, t.type, t.mode)],
);

/** 1C's warehouses (Склад) seen in an exchange, and the branch staff mapped each to. */
export const exchange1cWarehouses = pgTable('exchange_1c_warehouses', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The price types (ТипЦены) the last offers.xml listed: the settings' choice of the retail price. */
export const exchange1cPriceTypes = pgTable('exchange_1c_price_types', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pictures 1C sent (by the SHA-256 of the file) and where the shop stored each: a catalogue sent
 * again with the same pictures reuses them instead of filling the uploads folder with copies.
 */
export const exchange1cPictures = pgTable('exchange_1c_pictures', {
  sha256: text('sha256').primaryKey(),
  url: text('url').notNull(),
  createdAt: createdAt(),
});

/**
 * Characteristics shop-wide («Мощность», Вт, a number, group «Основные»): products have values
 * for them, categories choose which are filters (docs/decisions/034).
 */
export const attributes = pgTable('attributes', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** As shown after a value («Вт»); null: none. */
  unit: text('unit'),
  /** number, text or boolean (yes/no). */
  kind: text('kind').notNull().default('text'),
  /** The «Характеристики» table's heading the attribute goes under («Основные», «Питание»). */
  groupName: text('group_name').notNull().default('Основные'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The spellings suppliers give an attribute («Потребляемая мощность, Вт»), each mapped once to
 * the shop's attribute; imports find attributes through them.
 */
export const attributeAliases = pgTable('attribute_aliases', {
  /** Lower-case, spaces collapsed, without a trailing «, unit» (normalizeAttributeName). */
  alias: text('alias').primaryKey(),
  attributeId: integer('attribute_id')
    .notNull()
    .references(() => attributes.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The attributes a category filters by, in the order staff chose. */
export const categoryAttributes = pgTable(
  'category_attributes',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.attributeId] })],
);

/** A product's value of an attribute; written only through the catalogue's door (products/write/attributes.ts). */
export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    /** As shown and filtered by: «SDS-plus», «Да», «1100» (a number as written without its unit). */
    value: text('value').notNull(),
    /** The value of a number attribute, for ranges; null for text and yes/no. */
    number: doublePrecision('number'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.attributeId] }), index('product_attributes_attribute_idx').on(t.attributeId, t.value)],
);

/** Customers' reviews of products; only approved ones are shown and counted. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1–5. */
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    pros: text('pros').notNull().default(''),
    cons: text('cons').notNull().default(''),
    /** pending, approved, rejected. */
    status: text('status').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    /** The shop's answer, shown under the review. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** The author had a delivered or completed order with the product when writing: «Покупатель». */
    verifiedBuyer: boolean('verified_buyer').notNull().default(false),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_unique').on(t.productId, t.userId),
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt.desc()),
    index('reviews_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/**
 * Favourites and comparison: a visitor's (the `visitor` cookie's random id) or, once logged in,
 * the customer's; the visitor's are merged into the customer's at login.
 */
export const productLists = pgTable(
  'product_lists',
  {
    id: serial('id').primaryKey(),
    /** favorites or compare. */
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the visitor cookie's random id, as sessions keep theirs. */
    visitorHash: text('visitor_hash'),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('product_lists_user_unique').on(t.kind, t.userId, t.productId).where(sql`${t.userId} is not null`),
    uniqueIndex('product_lists_visitor_unique').on(t.kind, t.visitorHash, t.productId).where(sql`${t.visitorHash} is not null`),
  ],
);

/**
 * Orders registered with СДЭК (issue 28, the cdek integration's own table). Registration is
 * asynchronous at СДЭК: `POST /v2/orders` answers the entity's uuid with the request ACCEPTED,
 * and `GET /v2/orders/{uuid}` later says SUCCESSFUL (with the track number) or INVALID (with
 * errors). `state`: 'sending' (one request has claimed it), 'sent' (accepted, waiting for the
 * result), 'registered', 'failed' (`error` says why, in Russian; staff may retry).
 */
export const cdekShipments = pgTable(
  'cdek_shipments',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    uuid: text('uuid'),
    state: text('state').notNull(),
    error: text('error'),
    /** The last ORDER_STATUS code СДЭК reported (CREATED, RECEIVED_AT_SHIPMENT_WAREHOUSE, DELIVERED, …). */
    statusCode: text('status_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cdek_shipments_uuid_unique').on(t.uuid)],
);
