import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, isMobile, test, waitForHydration } from './fixtures.ts';

/** A customer of this test and project only: both projects run against the same server. */
function newCustomer(testInfo: TestInfo, prefix: string) {
  const id = `${prefix}${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: id, email: `${id}@example.ru`, password: `Stanok-${id}-42` };
}

/** Registers through the API; the session cookie lands in the page's context. */
async function registerByApi(request: APIRequestContext, customer: ReturnType<typeof newCustomer>) {
  const res = await request.post('/api/register', { data: { ...customer, consent: true } });
  expect(res.status(), await res.text()).toBe(201);
}

/** Drops console errors the test caused on purpose (a refused login answers 4xx and is logged). */
function forgive(errors: string[], pattern: RegExp) {
  const kept = errors.filter((e) => !pattern.test(e));
  errors.splice(0, errors.length, ...kept);
}

/** The text part of the newest letter to this address in the shop's mail folder. */
function newestMailText(mailDir: string, to: string): string | null {
  if (!fs.existsSync(mailDir)) return null;
  const files = fs
    .readdirSync(mailDir)
    .filter((f) => f.endsWith(`-${to}.eml`))
    .sort();
  if (files.length === 0) return null;
  const eml = fs.readFileSync(path.join(mailDir, files.at(-1)!), 'utf8').replace(/\r\n/g, '\n');
  const part = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?Content-Transfer-Encoding: (\S+)\n\n([\s\S]*?)\n--/i.exec(eml);
  if (!part) return null;
  const [, encoding, body] = part;
  if (encoding!.toLowerCase() === 'base64') return Buffer.from(body!.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding!.toLowerCase() === 'quoted-printable') {
    const bytes = body!.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body!;
}

async function logout(page: Page) {
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Выйти' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click();
  }
  await expect(page.getByText('До свидания!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

test('a visitor registers, logs out and logs in again', { tag: '@phone' }, async ({ page, consoleErrors }, testInfo) => {
  const customer = newCustomer(testInfo, 'reg');
  await page.goto('/auth');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Личный кабинет покупателя' })).toBeVisible();
  await page.getByRole('tab', { name: 'Регистрация' }).click();

  const form = page.getByRole('form', { name: 'Регистрация' });
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(form.getByText('Заполните все поля', { exact: true })).toHaveCount(3);
  await expect(form.getByText('Необходимо согласие на обработку персональных данных', { exact: true })).toBeVisible();
  await expect(form.getByRole('link', { name: /политикой обработки персональных данных/ })).toHaveAttribute('href', '/privacy');

  await form.getByLabel('Имя пользователя').fill(customer.username);
  await form.getByLabel('Email').fill(customer.email);
  await form.getByRole('textbox', { name: 'Пароль', exact: true }).fill('12345678');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
  // The server refuses a common password; everything typed stays.
  await expect(page.getByText('Ошибка регистрации', { exact: true })).toBeVisible();
  await expect(form.getByText('Этот пароль слишком простой, выберите другой', { exact: true })).toBeVisible();
  // The field the server named has the focus, as a field the form's own checks refuse would.
  await expect(form.getByRole('textbox', { name: 'Пароль', exact: true })).toBeFocused();
  await expect(form.getByLabel('Имя пользователя')).toHaveValue(customer.username);
  forgive(consoleErrors, /api\/register|status of 400/);

  await form.getByRole('textbox', { name: 'Пароль', exact: true }).fill(customer.password);
  await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Регистрация успешна', { exact: true })).toBeVisible();
  await expect(page.getByText(`Добро пожаловать, ${customer.username}!`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByText(customer.username, { exact: true })).toBeVisible();
    await expect(menu.getByText(customer.email, { exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Админ-панель' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Быстрая навигация' }).getByRole('link', { name: 'Профиль' })).toBeVisible();
  } else {
    await expect(page.getByRole('banner').getByRole('link', { name: customer.username })).toHaveAttribute('href', '/profile');
    await expect(page.getByRole('link', { name: 'Админ-панель' })).toHaveCount(0);
  }
  await logout(page);
  expect((await page.request.get('/api/user')).status()).toBe(401);

  await page.goto('/auth');
  await waitForHydration(page);
  const login = page.getByRole('form', { name: 'Вход' });
  await login.getByLabel('Имя пользователя').fill(customer.username);
  await login.getByRole('textbox', { name: 'Пароль', exact: true }).fill('Wrong-password-1');
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Ошибка входа', { exact: true })).toBeVisible();
  await expect(page.getByText('Неверное имя пользователя или пароль', { exact: true })).toBeVisible();
  forgive(consoleErrors, /api\/login/);

  await login.getByRole('textbox', { name: 'Пароль', exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Успешный вход', { exact: true })).toBeVisible();
  await expect(page.getByText(`Добро пожаловать, ${customer.username}!`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // A logged-in user has nothing to do on /auth.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
});

test('the personal account needs a login and comes back after it', async ({ page, request, consoleErrors }, testInfo) => {
  void consoleErrors;
  const customer = newCustomer(testInfo, 'next');
  await registerByApi(request, customer); // a separate context: the page stays anonymous

  // The server itself redirects, before anything renders.
  const direct = await page.request.get('/profile?tab=addresses', { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers().location).toBe('/auth?next=%2Fprofile%3Ftab%3Daddresses');

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?next=%2Fprofile$/);
  await waitForHydration(page);
  const login = page.getByRole('form', { name: 'Вход' });
  await login.getByLabel('Имя пользователя').fill(customer.username);
  await login.getByRole('textbox', { name: 'Пароль', exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Личный кабинет', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'История заказов' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('У вас пока нет заказов', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/products');

  // An outside `next` is never followed.
  await page.context().clearCookies();
  await page.goto('/auth?next=//evil.example/');
  await waitForHydration(page);
  await login.getByLabel('Имя пользователя').fill(customer.username);
  await login.getByRole('textbox', { name: 'Пароль', exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Успешный вход', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
});

test('a customer resets a forgotten password with the link from the e-mail', async ({ page, request, shop, consoleErrors }, testInfo) => {
  const customer = newCustomer(testInfo, 'reset');
  await registerByApi(request, customer);

  await page.goto('/auth');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(page.getByRole('heading', { name: 'Восстановление пароля', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill('не почта');
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByText('Введите корректный email', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByText('Проверьте почту', { exact: true })).toBeVisible();
  await expect(page.getByText(/Если этот email зарегистрирован в магазине/)).toBeVisible();

  let text: string | null = null;
  await expect.poll(() => (text = newestMailText(shop.mailDir, customer.email)), { message: 'the reset letter is written' }).not.toBeNull();
  expect(text).toContain(`Здравствуйте, ${customer.username}!`);
  const link = /(http:\/\/localhost:\d+)(\/password-reset\/reset\?token=[A-Za-z0-9_-]+)/.exec(text!);
  expect(link, text!).not.toBeNull();
  expect(link![1]).toBe(new URL(page.url()).origin);

  await page.goto(link![2]!);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Новый пароль', level: 1 })).toBeVisible();
  const newPassword = `Novyi-${customer.password}`;
  await page.getByRole('textbox', { name: 'Новый пароль', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Подтверждение пароля' }).fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Сохранить новый пароль' }).click();
  await expect(page.getByText('Пароли не совпадают', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Подтверждение пароля' }).fill(newPassword);
  await page.getByRole('button', { name: 'Сохранить новый пароль' }).click();
  await expect(page.getByText('Пароль успешно изменён. Теперь вы можете войти с новым паролем.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/); // after 1.5 s

  await waitForHydration(page);
  const login = page.getByRole('form', { name: 'Вход' });
  await login.getByLabel('Имя пользователя').fill(customer.username);
  await login.getByRole('textbox', { name: 'Пароль', exact: true }).fill(newPassword);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Успешный вход', { exact: true })).toBeVisible();

  // The link works once.
  await page.goto(link![2]!);
  await expect(page.getByText('Ссылка для восстановления пароля недействительна или истекла', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Запросить новую ссылку' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  forgive(consoleErrors, /status of 400/);
});

test('a customer manages delivery addresses in the personal account', { tag: '@phone' }, async ({ page, consoleErrors }, testInfo) => {
  void consoleErrors;
  const customer = newCustomer(testInfo, 'addr');
  await registerByApi(page.request, customer);

  await page.goto('/profile?tab=addresses');
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: 'Адреса доставки' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Вы ещё не сохранили ни одного адреса', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Добавить адрес' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый адрес доставки' });
  await dialog.getByRole('button', { name: 'Добавить адрес' }).click();
  await expect(dialog.getByText('Имя должно быть не менее 2 символов', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Почтовый индекс должен быть не менее 5 символов', { exact: true })).toBeVisible();
  await dialog.getByLabel('Название').fill('Дом');
  await dialog.getByLabel('Получатель').fill('Иван Петров');
  await dialog.getByLabel('Телефон').fill('+7 900 123-45-67');
  await dialog.getByLabel('Город').fill('Волгоград');
  await dialog.getByLabel('Индекс').fill('400005');
  await dialog.getByRole('textbox', { name: 'Адрес', exact: true }).fill('ул. Мира, д. 5, кв. 12');
  await dialog.getByRole('button', { name: 'Добавить адрес' }).click();
  await expect(page.getByText('Адрес добавлен', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('list', { name: 'Сохранённые адреса' });
  const home = list.getByRole('listitem').filter({ hasText: 'Дом' });
  await expect(home).toContainText('400005, Волгоград, ул. Мира, д. 5, кв. 12');
  await expect(home.getByText('Основной', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Добавить адрес' }).click();
  const second = page.getByRole('dialog', { name: 'Новый адрес доставки' });
  await second.getByLabel('Название').fill('Объект');
  await second.getByLabel('Получатель').fill('Сергей Кузнецов');
  await second.getByLabel('Телефон').fill('8 (8442) 55-66-77');
  await second.getByLabel('Город').fill('Волжский');
  await second.getByLabel('Индекс').fill('404130');
  await second.getByRole('textbox', { name: 'Адрес', exact: true }).fill('ул. Заводская, д. 1');
  await second.getByRole('button', { name: 'Добавить адрес' }).click();
  await expect(page.getByText('Адрес добавлен', { exact: true })).toBeVisible();
  const site = list.getByRole('listitem').filter({ hasText: 'Объект' });
  await expect(site.getByText('Основной', { exact: true })).toHaveCount(0);

  await site.getByRole('button', { name: 'Сделать основным' }).click();
  await expect(page.getByText('Основной адрес изменён', { exact: true })).toBeVisible();
  await expect(site.getByText('Основной', { exact: true })).toBeVisible();
  await expect(home.getByText('Основной', { exact: true })).toHaveCount(0);

  await home.getByRole('button', { name: 'Изменить адрес «Дом»' }).click();
  const edit = page.getByRole('dialog', { name: 'Изменить адрес' });
  await expect(edit.getByLabel('Город')).toHaveValue('Волгоград');
  await edit.getByRole('textbox', { name: 'Адрес', exact: true }).fill('ул. Мира, д. 7');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Адрес сохранён', { exact: true })).toBeVisible();
  await expect(home).toContainText('400005, Волгоград, ул. Мира, д. 7');

  await home.getByRole('button', { name: 'Удалить адрес «Дом»' }).click();
  await page.getByRole('dialog', { name: 'Удалить адрес?' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Адрес удалён', { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // What the screen shows is what the server keeps.
  const saved = (await (await page.request.get('/api/addresses')).json()) as { addresses: { label: string; isDefault: boolean }[] };
  expect(saved.addresses.map((a) => [a.label, a.isDefault])).toEqual([['Объект', true]]);
});

test('a customer is refused the admin area', async ({ page, consoleErrors }, testInfo) => {
  const customer = newCustomer(testInfo, 'noadm');
  await registerByApi(page.request, customer);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Доступ запрещён' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Вернуться в магазин' })).toBeVisible();
  const api = await page.request.get('/api/admin/settings/shop');
  expect(api.status()).toBe(403);
  expect((await api.json()).message).toBe('Доступ запрещён');
  forgive(consoleErrors, /status of 403/);
});
