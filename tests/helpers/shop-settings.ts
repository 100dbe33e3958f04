import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import type { TestContext } from './test-app.ts';

/** Saves the shop's settings (back office «Магазин») as this cookie's owner: the defaults with `patch` over them. */
export const saveShopSettings = (ctx: TestContext, cookie: string, patch: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/settings/shop', headers: { cookie }, payload: { ...DEFAULT_SHOP_SETTINGS, ...patch } });

/** A GET's JSON answer, anonymously or with this cookie. */
export const getJson = <T>(ctx: TestContext, url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }).then((res) => res.json() as T);
