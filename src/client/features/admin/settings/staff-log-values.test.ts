import { describe, expect, it } from 'vitest';
import { fieldLabel, objectText, shownText, shownValue } from './staff-log-values.ts';

describe('«Журнал действий» in words', () => {
  it('names the object: «Поставщик «ИнструментЮг»», an import by its supplier, by number when no name was kept', () => {
    expect(objectText('supplier.update', '3', 'ИнструментЮг')).toBe('Поставщик «ИнструментЮг»');
    expect(objectText('import.apply', '12', 'ИнструментЮг')).toBe('Импорт №12 поставщика «ИнструментЮг»');
    expect(objectText('product.update', '7', 'Перфоратор DCK KZC26')).toBe('Товар «Перфоратор DCK KZC26»');
    expect(objectText('branch.update', '2', 'Ростов-на-Дону')).toBe('Филиал «Ростов-на-Дону»');
    expect(objectText('order.status', '5', null)).toBe('Заказ №5');
    expect(objectText('product.update', '7', null)).toBe('Товар №7');
    expect(objectText('settings.shop', 'shop', null)).toBeNull();
  });

  it('shows internal values and nested settings in words, never as JSON', () => {
    const settings = {
      absent: 'leave',
      newProducts: 'hidden',
      pricing: { mode: 'markup', markupPercent: 30, ending: 90 },
      mapping: { sku: 0, price: 3, 'stock:rostov': 5 },
      read: { format: 'csv', encoding: 'windows-1251', delimiter: ';' },
    };
    const text = shownText(shownValue('supplier.update', 'settings', settings));
    expect(text).toContain('Товары не из списка: Оставить как есть');
    expect(text).toContain('Новые товары: Скрытыми, для проверки');
    expect(text).toContain('Цены: Режим: Наценка на закупочную цену; Наценка, %: 30; Окончание цены, ₽: 90');
    expect(text).toContain('Колонки: Артикул магазина: колонка 1; Цена (розница): колонка 4; Остаток: rostov: колонка 6');
    expect(text).toContain('Формат: CSV; Кодировка: Windows-1251; Разделитель: «;»');
    expect(text).not.toMatch(/leave|hidden|markup|[{}"]/);
    expect(shownValue('order.status', 'status', 'shipped')).toBe('Отправлен');
    expect(shownValue('mass-scraper.publish', 'mode', 'hidden')).toBe('Скрытыми');
    expect(shownValue('user.update', 'role', 'manager')).toBe('Менеджер');
  });

  it("names an order edit's and a comment's fields", () => {
    expect(shownText(shownValue('order.edit', 'lines', [{ itemId: 4, quantity: 2 }]))).toBe('1.: Позиция №: 4; Количество: 2');
    expect(fieldLabel('text', 'order.comment')).toBe('Комментарий');
    expect(fieldLabel('text', 'mass-scraper.start')).toBe('Список ссылок');
    expect(objectText('order.comment', '9', null)).toBe('Заказ №9');
  });
});
