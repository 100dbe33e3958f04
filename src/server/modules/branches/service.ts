import { asc } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { branches } from '../../db/schema.ts';
import type { Branch } from '#shared/schemas/branches.ts';

const branchColumns = {
  id: branches.id,
  slug: branches.slug,
  city: branches.city,
  cityIn: branches.cityIn,
  address: branches.address,
  phone: branches.phone,
  workingHours: branches.workingHours,
  pickup: branches.pickup,
  latitude: branches.latitude,
  longitude: branches.longitude,
};

/** Every branch in display order (the head office first). */
export async function listBranches(db: Db): Promise<Branch[]> {
  return db.select(branchColumns).from(branches).orderBy(asc(branches.sortOrder), asc(branches.id));
}
