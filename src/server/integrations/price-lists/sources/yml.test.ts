import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { collect, tempFiles } from '../../../../../tests/helpers/temp-files.ts';
import { ymlOffers, type YmlOffer } from './yml.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const { file } = tempFiles('supplier-yml-', 'yml');
const offers = (filePath: string): Promise<YmlOffer[]> => collect(ymlOffers(filePath));

const feed = (offersXml: string, declaration = '<?xml version="1.0" encoding="UTF-8"?>') => `${declaration}
<yml_catalog date="2026-11-01 09:00">
  <shop>
    <categories>
      <category id="1">Электроинструмент</category>
      <category id="2" parentId="1">Перфораторы</category>
      <category id="7" parentId="8">Петля</category>
      <category id="8" parentId="7">Узел</category>
    </categories>
    <offers>${offersXml}</offers>
  </shop>
</yml_catalog>`;

describe('ymlOffers on a supplier feed', () => {
  it('reads every offer with its category path, pictures, characteristics (param with its unit) and stock', async () => {
    const all = await offers(path.join(FIXTURES, 'feed.yml'));
    expect(all).toHaveLength(300);
    expect(all[0]).toEqual({
      record: {
        rowNumber: 1,
        supplierSku: '100000',
        sku: 'KDPL62-25',
        name: 'Дрель-шуруповёрт аккумуляторная DCK KDPL62-25',
        brand: 'DCK',
        description: '<p>Дрель-шуруповёрт аккумуляторная DCK для профессионального применения.</p>',
        url: 'https://dck-tools.ru/catalog/kdpl62-25/',
        priceKopecks: 1_739_000,
        oldPriceKopecks: 1_839_000,
        stock: 10,
        category: 'Электроинструмент / Дрели и шуруповёрты / Аккумуляторные дрели-шуруповёрты',
        pictures: ['https://dck-tools.ru/images/kdpl62-25-1.jpg'],
        characteristics: [
          { name: 'Напряжение', value: '18', unit: 'В' },
          { name: 'Крутящий момент', value: '60', unit: 'Н·м' },
        ],
      },
      errors: [],
    });
    // A vendor.model offer: its name is typePrefix + vendor + model.
    expect(all[9].record).toMatchObject({ rowNumber: 10, name: 'Нивелир лазерный P.I.T. PWS46-14', brand: 'P.I.T.', category: 'Измерительный инструмент / Лазерные нивелиры' });
    const slug = all[2].record.sku!.toLowerCase();
    expect(all[2].record.pictures).toEqual([1, 2, 3].map((n) => `https://dck-tools.ru/images/${slug}-${n}.jpg`));
    // available="false"
    expect(all[36].record).toMatchObject({ rowNumber: 37, stock: 0 });
    expect(all.filter((offer) => offer.record.stock === 0).map((offer) => offer.record.rowNumber)).toEqual([37, 74, 111, 148, 185, 222, 259, 296]);
    expect(all.flatMap((offer) => offer.errors)).toEqual([{ rowNumber: 151, column: 'currencyId', message: 'Цена в валюте USD: принимаются только рубли (RUB)' }]);
  });
});

describe('ymlOffers', () => {
  it('reads a Windows-1251 feed as its declaration says', async () => {
    const xml = feed(
      `<offer id="A-1"><price>16990</price><categoryId>2</categoryId><name>Перфоратор DCK KZC02-26</name><count>7</count>
        <param name="Патрон">SDS-plus</param><param name="Вес" unit="">  </param></offer>`,
      '<?xml version="1.0" encoding="windows-1251"?>',
    );
    expect(await offers(file(iconv.encode(xml, 'win1251')))).toEqual([
      {
        record: {
          rowNumber: 1,
          supplierSku: 'A-1',
          name: 'Перфоратор DCK KZC02-26',
          priceKopecks: 1_699_000,
          stock: 7,
          category: 'Электроинструмент / Перфораторы',
          characteristics: [{ name: 'Патрон', value: 'SDS-plus', unit: null }],
        },
        errors: [],
      },
    ]);
  });

  it('explains what is wrong in an offer', async () => {
    const xml = feed(`
      <offer id="1"><name>Без цены</name><currencyId>RUR</currencyId></offer>
      <offer id="2"><price>-5</price><oldprice>дорого</oldprice><count>уточняйте</count></offer>
      <offer id="3"><price>990</price><currencyId>EUR</currencyId></offer>
      <offer id="4"><price>990,50</price><categoryId>7</categoryId><categoryId>99</categoryId><picture>/local.jpg</picture></offer>`);
    const all = await offers(file(xml));
    expect(all.map((offer) => offer.errors)).toEqual([
      [{ rowNumber: 1, column: 'price', message: 'Не указана цена' }],
      [
        { rowNumber: 2, column: 'price', message: 'Цена не может быть отрицательной' },
        { rowNumber: 2, column: 'oldprice', message: 'Не удалось прочитать цену «дорого»' },
        { rowNumber: 2, column: 'count', message: 'Не удалось прочитать остаток «уточняйте»' },
      ],
      [{ rowNumber: 3, column: 'currencyId', message: 'Цена в валюте EUR: принимаются только рубли (RUB)' }],
      [],
    ]);
    // A loop in the category tree ends; no currency means roubles; local pictures are left out.
    expect(all[3].record).toEqual({ rowNumber: 4, supplierSku: '4', priceKopecks: 99_050, stock: 10, category: 'Узел / Петля' });
  });

  it('reads an offer’s weight (kg) and dimensions («length/width/height» in cm), and says which cannot be read', async () => {
    const xml = feed(`
      <offer id="W-1"><price>16990</price><weight>2.4</weight><dimensions>38/31/11.5</dimensions></offer>
      <offer id="W-2"><price>990</price><weight>0,35</weight></offer>
      <offer id="W-3"><price>990</price><weight>2400</weight><dimensions>38x31</dimensions></offer>`);
    const all = await offers(file(xml));
    expect(all.map((offer) => offer.record.size)).toEqual([
      { weightGrams: 2400, lengthMm: 380, widthMm: 310, heightMm: 115 },
      { weightGrams: 350, lengthMm: null, widthMm: null, heightMm: null },
      { weightGrams: null, lengthMm: null, widthMm: null, heightMm: null },
    ]);
    expect(all[2]!.errors).toEqual([
      { rowNumber: 3, column: 'weight', message: 'Слишком большой вес: не больше 1000 кг: «2400»' },
      { rowNumber: 3, column: 'dimensions', message: 'Не удалось прочитать габариты «38x31»: напишите длину, ширину и высоту, например «30×20×10 см»' },
    ]);
  });

  it('refuses XML that is not a YML catalogue', async () => {
    await expect(offers(file('<?xml version="1.0"?><rss><channel/></rss>'))).rejects.toThrow('Это XML, но не YML-каталог: в начале файла <rss>, а нужен <yml_catalog>');
  });

  it('refuses XML that is not well-formed, saying where it broke', async () => {
    await expect(offers(path.join(FIXTURES, 'broken.yml'))).rejects.toThrow(
      'Файл YML повреждён: XML не читается (строка 34, позиция 66). Проверьте, что файл скачан полностью',
    );
  });

  it('refuses an encoding it does not know', async () => {
    await expect(offers(file(feed('', '<?xml version="1.0" encoding="x-unknown"?>')))).rejects.toThrow(
      'Кодировка «x-unknown» из заголовка XML не поддерживается: сохраните фид в UTF-8 или Windows-1251',
    );
  });
});
