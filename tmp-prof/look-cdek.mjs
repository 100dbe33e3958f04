import { chromium } from 'playwright';
const base = 'http://localhost:3390';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const width of [1280, 375]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  // a product into the cart through the API
  await page.goto(base + '/');
  const products = await (await page.request.get(base + '/api/products?limit=2')).json();
  const cartId = crypto.randomUUID();
  for (const p of products.products.slice(0, 2)) await page.request.post(base + '/api/cart/items', { data: { cartId, productId: p.id, quantity: 1 } });
  await page.evaluate((id) => localStorage.setItem('cartId', id), cartId);
  await page.goto(base + '/checkout');
  await page.waitForTimeout(2500);
  const city = page.getByLabel('Город');
  await city.fill('Санкт-Петербург');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `tmp-prof/cdek-ways-${width}.png`, fullPage: true });
  const point = page.getByText('СДЭК до пункта выдачи').first();
  if (await point.count()) { await point.click(); await page.waitForTimeout(2000); }
  await page.screenshot({ path: `tmp-prof/cdek-point-${width}.png`, fullPage: true });
  const sw = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(width, 'scrollWidth', sw);
  await ctx.close();
}
await browser.close();
