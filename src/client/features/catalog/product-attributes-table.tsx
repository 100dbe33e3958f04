import type { ProductAttribute } from '#shared/types.ts';

/** A value as the table shows it: «1100 Вт», «SDS-plus», «Да». */
const shownValue = ({ value, unit }: ProductAttribute) => (unit ? `${value} ${unit}` : value);

/** Attributes under their group's heading, in the order the API gives them (already grouped). */
function byGroup(attributes: ProductAttribute[]): [string, ProductAttribute[]][] {
  const groups = new Map<string, ProductAttribute[]>();
  for (const attribute of attributes) {
    const list = groups.get(attribute.group);
    if (list) list.push(attribute);
    else groups.set(attribute.group, [attribute]);
  }
  return [...groups];
}

/**
 * The product page's «Характеристики» (issue 26): one table per group («Основные», «Питание»),
 * each characteristic's name and value; nothing when the product has none.
 */
export function ProductAttributesTable({ attributes }: { attributes: ProductAttribute[] }) {
  if (attributes.length === 0) return null;
  return (
    <section aria-labelledby="attributes-heading" className="max-w-4xl space-y-4 border-t border-border pt-6" data-testid="product-attributes">
      <h2 id="attributes-heading" className="text-xl font-bold">
        Характеристики
      </h2>
      {byGroup(attributes).map(([group, list]) => (
        <table key={group} className="w-full text-sm">
          <caption className="pb-1 text-left text-base font-semibold">{group}</caption>
          <tbody>
            {list.map((attribute) => (
              <tr key={attribute.slug} className="border-b border-border last:border-b-0">
                <th scope="row" className="w-1/2 py-2 pr-4 text-left align-top font-normal text-muted-foreground">
                  {attribute.name}
                </th>
                <td className="py-2 align-top font-medium">{shownValue(attribute)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
