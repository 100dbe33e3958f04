import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { categories, settings, users } from '#server/db/schema.ts';
import { snapshotDatabase } from '../../../tests/helpers/db-snapshot.ts';
import { openTestDatabase } from '../../../tests/helpers/test-app.ts';

/**
 * The test files' databases (tests/helpers/database-copies.ts): a worker hands the copy a file
 * closed to its next file, with only the tables the file changed put back.
 */
it('a copy a test file changed comes back to the next file as the seed left it', async () => {
  const first = await openTestDatabase();
  const seeded = await snapshotDatabase(first.db);
  // A table many others point at (products at categories, and more at products), one with a
  // sequence, one rows were taken from.
  const [category] = await first.db.select({ id: categories.id }).from(categories).limit(1);
  await first.db.update(categories).set({ name: 'Переименованная' }).where(eq(categories.id, category!.id));
  await first.db.insert(users).values({ username: 'copy_check', email: 'copy_check@example.ru', passwordHash: 'x', role: 'user', fullName: 'Проверка копии' });
  await first.db.delete(settings);
  expect(await snapshotDatabase(first.db)).not.toEqual(seeded);
  await first.close();

  const next = await openTestDatabase();
  try {
    expect(await snapshotDatabase(next.db)).toEqual(seeded);
  } finally {
    await next.close();
  }
});
