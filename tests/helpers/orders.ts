import { orders } from '#server/db/schema.ts';
import type { TestContext } from './test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/** An order placed `daysAgo` days before the test clock's now, straight in the database (no lines). */
export async function insertOrder(ctx: TestContext, daysAgo: number, totalRub: number, status = 'pending', customerName = 'Иван Петров') {
  const createdAt = new Date(ctx.clock.now().getTime() - daysAgo * DAY);
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      status,
      paymentMethod: 'cash',
      customerName,
      customerEmail: 'ivan@example.ru',
      customerPhone: '+79001234567',
      address: 'ул. Мира, 5',
      city: 'Волгоград',
      postalCode: '400005',
      subtotalKopecks: totalRub * 100,
      vatKopecks: 0,
      vatInTotalKopecks: 0,
      deliveryKopecks: 0,
      totalKopecks: totalRub * 100,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  return row!.id;
}
