import { startYooKassa, type YooKassaStandIn } from '../stand-ins/yookassa.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * The app taking online payments through a YooKassa stand-in that delivers its notifications to
 * the app's webhook, with the admin signed in. `close` stops both.
 */
export async function createYooKassaTestApp(): Promise<{ ctx: TestContext; yookassa: YooKassaStandIn; admin: string; close: () => Promise<void> }> {
  // The stand-in starts first (the app's config needs its address), so it finds the app here later.
  const receiver: { app?: TestContext['app'] } = {};
  const yookassa = await startYooKassa({
    deliver: (notification) => receiver.app!.inject({ method: 'POST', url: '/api/payments/yookassa', payload: notification }),
  });
  const ctx = await createTestApp({ YOOKASSA_SHOP_ID: yookassa.shopId, YOOKASSA_SECRET_KEY: yookassa.secretKey, YOOKASSA_API_URL: yookassa.apiUrl });
  receiver.app = ctx.app;
  return {
    ctx,
    yookassa,
    admin: await ctx.login(),
    close: async () => {
      await ctx.close();
      await yookassa.stop();
    },
  };
}
