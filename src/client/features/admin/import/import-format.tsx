import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { adminCategoriesQuery } from '#client/features/admin/lib/catalog.ts';

/** Two items to start from, in the given category. */
export function example(categoryId: number) {
  return JSON.stringify(
    [
      {
        name: 'Перфоратор DCK KZC05-26',
        sku: 'KZC05-26',
        price: 12990,
        originalPrice: 14990,
        stock: 12,
        categoryId,
        supplier: 'DCK',
        shortDescription: 'SDS-plus, 800 Вт, 3 режима',
        imageUrl: '',
        isActive: true,
      },
      { name: 'Шуруповёрт P.I.T PSR20-C2', sku: 'PSR20-C2', price: 6490, stock: 3, categoryId, supplier: 'P.I.T' },
    ],
    null,
    2,
  );
}

/** The fields an item may carry; * marks the required ones. */
const FORMAT: [string, string][] = [
  ['name*', 'название, от 2 символов'],
  ['sku*', 'артикул; товар с таким артикулом будет обновлён'],
  ['price*', 'цена, ₽ (0 — «Цена по запросу»)'],
  ['categoryId*', 'номер категории, см. ниже (или supplierCategory)'],
  ['supplierCategory', 'категория поставщика: без categoryId товар попадёт в категорию по правилам адаптера каталога, а новый без правила — скрытым в «Без категории»'],
  ['originalPrice', 'старая цена, ₽'],
  ['stock', 'остаток, шт.'],
  ['supplier', 'DCK, P.I.T или none'],
  ['slug, tag, imageUrl', 'адрес страницы, метка, адрес картинки'],
  ['shortDescription, description', 'краткое и полное описание'],
  ['isActive, isFeatured', 'true или false'],
];

/** The help beside the input: the item's fields and the numbers of the categories. */
export function ImportFormat() {
  const categories = useQuery(adminCategoriesQuery());
  return (
    <Card className="content-start self-start">
      <CardHeader>
        <CardTitle as="h2">Формат</CardTitle>
        <CardDescription>Поля товара как в форме; цены в рублях.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-2">
          {FORMAT.map(([names, text]) => (
            <div key={names}>
              <dt className="font-mono text-[0.8125rem] font-semibold break-words">{names}</dt>
              <dd className="text-muted-foreground">{text}</dd>
            </div>
          ))}
        </dl>
        <div>
          <p className="mb-2 font-semibold">Номера категорий</p>
          {categories.isPending ? (
            <p className="text-muted-foreground">Загрузка...</p>
          ) : (
            <ul className="grid max-h-64 gap-1 overflow-y-auto">
              {categories.data?.map((c) => (
                <li key={c.id} className="flex gap-2">
                  <span className="w-8 shrink-0 text-right font-mono font-semibold tabular-nums">{c.id}</span>
                  <span className="min-w-0 truncate">{c.name}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
