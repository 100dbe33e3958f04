import { describe, expect, it } from 'vitest';
import type { CatalogChange } from '../catalog-events.ts';
import { CatalogVersionWatch, type CatalogNotices } from './version-watch.ts';

/**
 * What a process makes of what other processes wrote down (the database's part is a settings row
 * each, proved by the multi-process test): the counter drops everything, stock notices only their
 * products, its own notices nothing, and a process that fell behind the kept notices everything.
 */

function watchOf(notices: CatalogNotices) {
  const heard: CatalogChange[] = [];
  const io = {
    notices,
    bump: async () => String(Number(io.notices.version || 0) + 1),
    bumpStock: async (productIds: readonly number[]) => {
      const seq = io.notices.stock.seq + 1;
      io.notices = { ...io.notices, stock: { seq, recent: { ...io.notices.stock.recent, [seq]: [...productIds] } } };
      return seq;
    },
    read: async () => io.notices,
    onError: (error: unknown) => {
      throw error;
    },
  };
  // Every call looks (no second between looks here).
  const watch = new CatalogVersionWatch(io, (change) => heard.push(change), 0);
  const look = async () => {
    await watch.check();
    return heard.splice(0);
  };
  /** Another process's stock notice. */
  const otherOrder = (...productIds: number[]) => {
    const seq = io.notices.stock.seq + 1;
    io.notices = { ...io.notices, stock: { seq, recent: { ...io.notices.stock.recent, [seq]: productIds } } };
  };
  return { io, watch, look, otherOrder };
}

describe('the catalogue version watch', () => {
  it("drops the answers of the products other processes' orders took, not for its own orders", async () => {
    const { watch, look, otherOrder } = watchOf({ version: '7', stock: { seq: 3, recent: { 3: [1] } } });
    expect(await look()).toEqual([]);
    otherOrder(5, 6);
    otherOrder(6, 9);
    expect(await look()).toEqual([{ kind: 'stock', productIds: [5, 6, 9] }]);
    watch.announce({ kind: 'stock', productIds: [11] });
    await watch.settled();
    otherOrder(12);
    expect(await look()).toEqual([{ kind: 'stock', productIds: [12] }]);
    expect(await look()).toEqual([]);
  });

  it('drops everything when the counter moved, or when the notices it missed are no longer kept', async () => {
    const { io, look, otherOrder } = watchOf({ version: '7', stock: { seq: 3, recent: {} } });
    await look();
    otherOrder(5);
    io.notices = { ...io.notices, version: '8' };
    expect(await look()).toEqual([{ kind: 'catalogue' }]);
    io.notices = { version: '8', stock: { seq: 400, recent: { 400: [5] } } };
    expect(await look()).toEqual([{ kind: 'catalogue' }]);
    otherOrder(6);
    expect(await look()).toEqual([{ kind: 'stock', productIds: [6] }]);
  });
});
