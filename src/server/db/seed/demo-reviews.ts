import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../connection.ts';
import { products, users } from '../schema.ts';
import { hashPassword } from '../../core/password.ts';
// The demo's reviews take the customers' own path (validation, one per product, limits) and the
// staff's approval, not rows of their own making.
import { approveReview, writeReview } from '../../modules/reviews/service.ts';
import { ReviewSchema, type ReviewInput } from '#shared/schemas/review.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo customers: accounts nobody can log into (a random password that is never shown) and no
 * e-mail, so the shop never writes to them. Their reviews are the only ones in a new shop.
 */
const CUSTOMERS = [
  { username: 'demo-kolesnikov', fullName: 'Колесников Андрей Викторович' },
  { username: 'demo-vasilyeva', fullName: 'Васильева Ирина Олеговна' },
  { username: 'demo-mironov', fullName: 'Миронов Денис Сергеевич' },
] as const;

type DemoReview = { customer: number; product: string; daysAgo: number; review: ReviewInput };

/** Modest, specific reviews of demo products; none of them a purchase, so none is marked «Покупатель». */
const REVIEWS: DemoReview[] = [
  {
    customer: 0,
    product: 'perforator-dck-kzc26-sds-plus-800-vt',
    daysAgo: 41,
    review: {
      rating: 5,
      text: 'Взял для монтажа проводки в панельном доме. Штробы и отверстия под подрозетники в бетоне делает без напряжения, за два месяца ни разу не перегрелся.',
      pros: 'Удобная рукоятка, три режима, кейс в комплекте',
      cons: 'Шнур коротковат, нужен удлинитель',
    },
  },
  {
    customer: 1,
    product: 'perforator-dck-kzc26-sds-plus-800-vt',
    daysAgo: 18,
    review: {
      rating: 4,
      text: 'Для дома и дачи более чем достаточно. Сверлю в основном кирпич буром 8 мм, работает ровно. Под потолком держать тяжеловато.',
      pros: 'Цена, есть ограничитель глубины',
      cons: 'Вес, заметная вибрация в режиме долбления',
    },
  },
  {
    customer: 2,
    product: 'drel-shurupovert-akkumulyatornaya-pit-psr20-c2-20-v-bez-akb-i-zu',
    daysAgo: 33,
    review: {
      rating: 4,
      text: 'Покупал к уже имеющимся аккумуляторам P.I.T. Собрал два шкафа-купе и перевесил двери, момента хватает, патрон держит биты крепко.',
      pros: 'Подходит к аккумуляторам этой системы, подсветка',
      cons: 'Аккумулятор и зарядка продаются отдельно',
    },
  },
  {
    customer: 0,
    product: 'uglovaya-shlifmashina-dck-ksm05-125-1010-vt-125-mm',
    daysAgo: 12,
    review: {
      rating: 5,
      text: 'Режу профильную трубу и арматуру на заборе. Мощности хватает, кожух переставляется без ключа, диск меняется быстро.',
      pros: 'Мощность, плавный пуск',
      cons: '',
    },
  },
  {
    customer: 1,
    product: 'lazernyy-nivelir-pit-pll-3d-12-liniy-zelenyy-luch',
    daysAgo: 25,
    review: {
      rating: 4,
      text: 'Выставляла плитку в ванной и потолочный профиль. Зелёные линии хорошо видны в помещении днём, на улице на солнце уже плохо.',
      pros: 'Яркий луч, самовыравнивание',
      cons: 'Крепление на штатив хлипкое',
    },
  },
  {
    customer: 2,
    product: 'fen-stroitelnyy-dck-kqb2000-2000-vt',
    daysAgo: 7,
    review: {
      rating: 3,
      text: 'Старую краску с рам снимает, термоусадку садит. Но насадки в комплекте простые, для работы с плёнкой пришлось докупать.',
      pros: 'Два режима температуры',
      cons: 'Мало насадок, корпус сильно греется у сопла',
    },
  },
  {
    customer: 0,
    product: 'gaykovert-udarnyy-akkumulyatornyy-dck-kdpb20-18-20-v-400-nm-12-besschetochnyy-bez-akb-i-zu',
    daysAgo: 4,
    review: {
      rating: 5,
      text: 'Колёсные гайки на легковой откручивает без проблем, на сезонной смене шин сэкономил много времени. Работает тише, чем ожидал.',
      pros: 'Бесщёточный мотор, компактный',
      cons: '',
    },
  },
];

/**
 * Demo reviews written through the reviews module, as a customer's would be (validation, limits),
 * then approved as staff would (by the administrator). Runs after the administrator exists.
 */
export async function seedDemoReviews(db: Db, at: Date): Promise<number> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (!admin) return 0;
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const customers = await db
    .insert(users)
    .values(CUSTOMERS.map((c) => ({ ...c, passwordHash, role: 'user' })))
    .returning({ id: users.id });
  const found = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, REVIEWS.map((r) => r.product)));
  const idOf = new Map(found.map((p) => [p.slug, p.id]));
  let written = 0;
  for (const { customer, product, daysAgo, review } of REVIEWS) {
    const productId = idOf.get(product);
    if (productId === undefined) continue;
    const now = new Date(at.getTime() - daysAgo * DAY);
    const meta = { ip: '127.0.0.1', now, rateLimitFactor: 1 };
    const { id } = await writeReview(db, customers[customer]!.id, productId, ReviewSchema.parse(review), meta);
    await approveReview(db, id, { staffId: admin.id, now: new Date(now.getTime() + DAY / 4) });
    written += 1;
  }
  return written;
}
