import { randomBytes, randomUUID } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { axeViolations, expect, isMobile, test } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };
/** Unique per run and per project: desktop and mobile runs share one server. */
const uniq = () => randomBytes(3).toString('hex');

/** 1C's side of an exchange: its own HTTP client, HTTP Basic on checkauth, then the cookie it was given. */
async function exchange(api: APIRequestContext, type: 'catalog' | 'sale', login: string, password: string) {
  const auth = await api.get(`/api/1c/exchange?type=${type}&mode=checkauth`, {
    headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` },
  });
  const [status, name, value] = (await auth.text()).split('\n');
  expect(status, `checkauth ${type}`).toBe('success');
  const headers = { cookie: `${name}=${value}` };
  const init = await api.get(`/api/1c/exchange?type=${type}&mode=init`, { headers });
  expect(await init.text()).toMatch(/^zip=(yes|no)\nfile_limit=\d+$/);
  return (mode: string, options: { filename?: string; body?: string } = {}) => {
    const url = `/api/1c/exchange?type=${type}&mode=${mode}${options.filename ? `&filename=${options.filename}` : ''}`;
    return options.body === undefined ? api.get(url, { headers }) : api.post(url, { headers: { ...headers, 'content-type': 'application/octet-stream' }, data: Buffer.from(options.body) });
  };
}

/** An offers.xml as 1C sends it with rests only: its price types and warehouses, no offers. */
const offersXml = (priceType: { id: string; name: string }, warehouse: { id: string; name: string }) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-26T10:00:00">
	<ПакетПредложений СодержитТолькоИзменения="true">
		<Ид>${randomUUID()}#</Ид>
		<Наименование>Пакет предложений (Основной каталог товаров)</Наименование>
		<ИдКаталога>${randomUUID()}</ИдКаталога>
		<ИдКлассификатора>${randomUUID()}</ИдКлассификатора>
		<ТипыЦен>
			<ТипЦены>
				<Ид>${priceType.id}</Ид>
				<Наименование>${priceType.name}</Наименование>
				<Валюта>RUB</Валюта>
			</ТипЦены>
		</ТипыЦен>
		<Склады>
			<Склад>
				<Ид>${warehouse.id}</Ид>
				<Наименование>${warehouse.name}</Наименование>
			</Склад>
		</Склады>
		<Предложения/>
	</ПакетПредложений>
</КоммерческаяИнформация>
`;

test.describe('«Обмен с 1С»', { tag: '@back-office' }, () => {
  test('an admin saves the exchange account, 1C exchanges, the admin maps its warehouse and reads the log', async ({ page, baseURL }) => {
    const res = await page.request.post('/api/login', { data: ADMIN });
    expect(res.status()).toBe(200);
    const login = `site-${uniq()}`;
    const password = `Obmen-e2e-${uniq()}`;

    await page.goto('/admin/settings?tab=exchange-1c');
    await expect(page.getByRole('tab', { name: 'Обмен с 1С' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Подключение 1С' })).toBeVisible();
    await expect(page.getByLabel('Адрес для 1С', { exact: true })).toHaveValue(/\/api\/1c\/exchange$/);

    // A short password is refused in Russian before anything is sent.
    await page.getByLabel('Логин обмена').fill(login);
    await page.getByLabel('Новый пароль').fill('short');
    await page.getByRole('button', { name: 'Сохранить настройки' }).click();
    await expect(page.getByText('Пароль не короче 8 символов')).toBeVisible();

    await page.getByLabel('Новый пароль').fill(password);
    const enabled = page.getByRole('switch', { name: 'Обмен с 1С включён' });
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await page.getByRole('button', { name: 'Сохранить настройки' }).click();
    await expect(page.getByText('Настройки обмена с 1С обновлены', { exact: true })).toBeVisible();
    await expect(page.getByText('Пароль задан. Оставьте поле пустым, чтобы не менять его.')).toBeVisible();
    await expect(page.getByLabel('Новый пароль')).toHaveValue('');

    // 1C logs in with that account: a catalogue exchange brings a price type and a warehouse, an order exchange follows.
    const priceType = { id: randomUUID(), name: `Розничная ${uniq()}` };
    const warehouse = { id: randomUUID(), name: `Склад Ростов ${uniq()}` };
    const api = await playwrightRequest.newContext({ baseURL });
    try {
      const catalog = await exchange(api, 'catalog', login, password);
      expect(await (await catalog('file', { filename: 'offers.xml', body: offersXml(priceType, warehouse) })).text()).toBe('success');
      await expect.poll(async () => (await (await catalog('import', { filename: 'offers.xml' })).text()).split('\n')[0], { timeout: 30_000 }).not.toBe('progress');
      const sale = await exchange(api, 'sale', login, password);
      expect(await (await sale('query')).text()).toContain('<КоммерческаяИнформация');
      expect(await (await sale('success')).text()).toBe('success');
    } finally {
      await api.dispose();
    }

    await page.reload();
    const branch = page.getByLabel(warehouse.name);
    await expect(branch).toHaveValue('');
    await branch.selectOption({ label: 'Ростов-на-Дону' });
    await page.getByLabel('Тип цен').selectOption({ label: priceType.name });
    await page.getByRole('button', { name: 'Сохранить настройки' }).click();
    await expect(page.getByText('Настройки обмена с 1С обновлены', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(warehouse.name).locator('option:checked')).toHaveText('Ростов-на-Дону');
    await expect(page.getByLabel('Тип цен').locator('option:checked')).toHaveText(priceType.name);

    // The log: the order exchange's query and confirmation, newest first.
    const rows = page.getByTestId(isMobile(page) ? 'exchange-log-card' : 'exchange-log-row');
    await expect(rows.first()).toContainText('Подтверждение');
    await expect(rows.first()).toContainText('Заказы');
    await expect(rows.first()).toContainText('Успешно');
    await expect(rows.nth(1)).toContainText('Выгрузка заказов');
    await expect(rows.nth(1)).toContainText('Отправлено заказов');
    expect(await axeViolations(page)).toEqual([]);

    // Off again, so the exchange does not stay open for the other tests.
    await page.getByRole('switch', { name: 'Обмен с 1С включён' }).click();
    await page.getByRole('button', { name: 'Сохранить настройки' }).click();
    await expect(page.getByText('Настройки обмена с 1С обновлены', { exact: true })).toBeVisible();
  });
});
