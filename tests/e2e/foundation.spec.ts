import { axeViolations, expect, isMobile, test, waitForHydration } from './fixtures.ts';

const CITIES = ['Волгоград', 'Ростов-на-Дону', 'Санкт-Петербург', 'Новороссийск', 'Мариуполь'];

test.describe('home page and shell', () => {
  test('the server sends the home page with the categories, and it hydrates cleanly', { tag: '@phone' }, async ({ page, request, consoleErrors }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Перфораторы');
    expect(html).toContain('Дрели-шуруповёрты');
    expect(html).toContain('<html lang="ru">');

    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Профессиональный инструмент');
    const categories = page.locator('#categories');
    await expect(categories.getByRole('link', { name: /Перфораторы/ })).toBeVisible();
    await expect(page.getByText('Каталог ещё наполняется')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Перейти к товарам' })).toHaveAttribute('href', '#products');
    await expect(page.getByRole('link', { name: 'Категории', exact: true })).toHaveAttribute('href', '#categories');
    expect(consoleErrors).toEqual([]);
  });

  test('the supplier picker keeps the choice in the URL', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Поставщик' }).getByRole('link', { name: /^DCK/ }).click();
    await expect(page).toHaveURL(/\?supplier=DCK/);
    await expect(page.getByRole('navigation', { name: 'Поставщик' }).getByRole('link', { name: /^DCK/ })).toHaveAttribute('aria-current', 'true');
    expect(consoleErrors).toEqual([]);
  });

  test('search submits only non-empty text', { tag: '@phone' }, async ({ page, consoleErrors }) => {
    await page.goto('/about');
    await waitForHydration(page);
    if (isMobile(page)) {
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      const box = page.getByRole('dialog').getByRole('combobox', { name: 'Поиск по каталогу' });
      await box.fill('   ');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/about$/);
      await box.fill('  перфоратор ');
      await box.press('Enter');
    } else {
      const box = page.getByRole('banner').getByRole('combobox', { name: 'Поиск по каталогу' });
      await box.fill('   ');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/about$/);
      await box.fill('  перфоратор ');
      await box.press('Enter');
    }
    await expect(page).toHaveURL(/\/\?query=%D0%BF%D0%B5%D1%80%D1%84%D0%BE%D1%80%D0%B0%D1%82%D0%BE%D1%80/);
    await expect(page.locator('#categories')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('desktop navigation: the products dropdown lists every category and all products @desktop', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Основная навигация' });
    const trigger = nav.getByRole('button', { name: 'Товары' });
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: /Перфораторы/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: /Перфораторы/ })).toBeHidden();
    await trigger.click();
    await nav.getByRole('link', { name: 'Все товары' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(consoleErrors).toEqual([]);
  });

  test('phone: burger menu with categories closes on route change; bottom bar @mobile', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForHydration(page);
    const bar = page.getByRole('navigation', { name: 'Быстрая навигация' });
    for (const label of ['Главная', 'Товары', 'Корзина', 'Войти', 'Новости']) await expect(bar.getByRole('link', { name: label })).toBeVisible();
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Войти или зарегистрироваться' })).toBeVisible();
    await menu.getByRole('link', { name: 'О компании' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('the footer shows contacts, the first five categories and the footer links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('+7 800 250-37-12')).toBeVisible();
    const catalog = footer.getByRole('navigation', { name: 'Каталог' });
    await expect(catalog.getByRole('link')).toHaveCount(6);
    await expect(catalog.getByRole('link', { name: 'Перфораторы' })).toBeVisible();
    for (const label of ['Вопросы и ответы', 'Доставка и оплата', 'Возврат товара', 'Гарантия', 'Политика конфиденциальности', 'Карта сайта']) {
      await expect(footer.getByRole('link', { name: label })).toBeVisible();
    }
    await expect(page.locator('[data-version]')).toHaveAttribute('data-version', /^v\d+\.\d+\.\d+ \(/);
  });

  test('newsletter sign-up shows a toast with the typed address and clears the field', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForHydration(page);
    const field = page.getByLabel('Подписка на новости и акции');
    await field.fill('nope');
    await page.getByRole('button', { name: 'Подписаться' }).click();
    await expect(page.getByText('Пожалуйста, введите корректный email')).toBeVisible();
    await expect(field).toBeFocused();
    const email = `e2e-${Date.now()}@example.ru`;
    await field.fill(email);
    await page.getByRole('button', { name: 'Подписаться' }).click();
    await expect(page.getByRole('region', { name: /Уведомления/ }).getByText(email)).toBeVisible();
    await expect(field).toHaveValue('');
    expect(consoleErrors).toEqual([]);
  });

  test('the home page has no serious accessibility problems', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('home and static pages still show their content', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#categories').getByText('Перфораторы')).toBeVisible();
    await page.goto('/about');
    for (const city of CITIES) await expect(page.locator('main').getByText(city).first()).toBeVisible();
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('static pages', () => {
  test('about lists the five branches', async ({ page, request, consoleErrors }) => {
    const html = await (await request.get('/about')).text();
    for (const city of CITIES) expect(html).toContain(city);
    await page.goto('/about');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('contacts: the form validates, sends, confirms and clears', async ({ page, consoleErrors }) => {
    await page.goto('/contacts');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Отправить сообщение' }).click();
    await expect(page.getByText('Укажите ваше имя')).toBeVisible();
    await page.getByLabel('Имя').fill('Сергей');
    await page.getByLabel('Email').fill('sergey@example.ru');
    await page.getByLabel('Телефон').fill('+7 903 000-00-00');
    await page.getByLabel('Сообщение').fill('Нужен счёт на 10 перфораторов');
    await page.getByRole('button', { name: 'Отправить сообщение' }).click();
    await expect(page.getByRole('region', { name: /Уведомления/ }).getByText('Сообщение отправлено')).toBeVisible();
    await expect(page.getByLabel('Сообщение')).toHaveValue('');
    expect(consoleErrors).toEqual([]);
  });

  test('/contact redirects to /contacts', async ({ page }) => {
    await page.goto('/contact');
    await expect(page).toHaveURL(/\/contacts$/);
  });

  test('publications list opens a full article; an unknown article is 404', async ({ page, request, consoleErrors }) => {
    await page.goto('/publications');
    await waitForHydration(page);
    const first = page.getByRole('main').getByRole('article').first().getByRole('link').first();
    await first.click();
    await expect(page).toHaveURL(/\/publication\/\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await request.get('/publication/999999')).status()).toBe(404);
    expect(consoleErrors).toEqual([]);
  });

  for (const [path, heading] of [
    ['/faq', 'Вопросы и ответы'],
    ['/shipping', 'Доставка и оплата'],
    ['/returns', 'Возврат'],
    ['/warranty', 'Гарантия'],
    ['/privacy', 'персональных данных'],
    ['/terms', 'Пользовательское соглашение'],
    ['/cookies', 'cookie'],
    ['/sitemap', 'Карта сайта'],
  ] as const) {
    test(`${path} is a real page`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    });
  }

  test('an unknown address answers 404 with the spec texts', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Страница не найдена' })).toBeVisible();
    await expect(page.getByText('Возможно, такой страницы не существует.')).toBeVisible();
  });
});
