import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { products } from '../../../db/schema.ts';
import { catalogTransaction, noteCatalogWrite } from './announce.ts';

/**
 * The door's rewrite of picture addresses when pictures move to object storage
 * (`npm run pictures:to-s3`, docs/decisions/039): each product showing an old address gets the
 * new one, in one transaction, announced once. The products are otherwise unchanged (their
 * updated_at stays: what a visitor sees is the same picture). The number of products rewritten.
 */
export async function replacePictureUrls(db: Db, moved: Map<string, string>): Promise<number> {
  if (moved.size === 0) return 0;
  return catalogTransaction(db, async (tx) => {
    let rewritten = 0;
    for (const [from, to] of moved) {
      const rows = await tx.update(products).set({ imageUrl: to }).where(eq(products.imageUrl, from)).returning({ id: products.id });
      rewritten += rows.length;
    }
    if (rewritten > 0) noteCatalogWrite(tx);
    return rewritten;
  });
}
