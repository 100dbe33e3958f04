import { expect, test } from './fixtures.ts';

/**
 * A form used before the page's script has loaded (a slow phone, a script blocked) must never
 * put a password into an address, where the browser's history and every log would keep it.
 */
test.use({ javaScriptEnabled: false });

test('the login form sent before its script loads posts, and the password is in no address', async ({ page }) => {
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(`${request.method()} ${request.url()}`));
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Вход' });
  await form.getByLabel('Имя пользователя').fill('ivan');
  await form.locator('input[type="password"]').fill('Ne-v-adrese-2026');
  await Promise.all([page.waitForURL('**/auth'), form.getByRole('button', { name: 'Войти' }).click()]);
  expect(new URL(page.url()).search).toBe('');
  expect(addresses.some((a) => a.startsWith('POST ') && a.endsWith('/auth'))).toBe(true);
  expect(addresses.filter((a) => a.includes('Ne-v-adrese-2026'))).toEqual([]);
  // The page came back whole, ready to be used once its script runs.
  await expect(page.getByRole('form', { name: 'Вход' })).toBeVisible();
});
