import { formatDimensions, formatWeight } from '#shared/parcel-size.ts';
import type { Product, ProductAttribute } from '#shared/types.ts';
import { HeadedSection } from '#client/components/ui/headed-section.tsx';

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

const WEIGHT_NAME = /^вес(?!\p{L})/iu;
const SIZE_NAME = /^(вес|габарит|размер|длина|ширина|высота)/iu;
/** The shop's group of such characteristics (the demo catalogue's). */
const SIZE_GROUP = 'Габариты и вес';

/**
 * The product's own packed weight and size (issue 28) as rows of the table, «2,4 кг» and
 * «30 × 20 × 10 см», in the group where the product's size characteristics stand: not a
 * category's default, which only estimates delivery; no «Вес» when a characteristic already names
 * the weight («Вес, кг»).
 */
export function sizeRows(product: Pick<Product, 'weightKg' | 'lengthCm' | 'widthCm' | 'heightCm'>, attributes: ProductAttribute[]): ProductAttribute[] {
  const rows: ProductAttribute[] = [];
  const group = attributes.find((a) => SIZE_NAME.test(a.name.trim()))?.group ?? SIZE_GROUP;
  if (product.weightKg !== null && !attributes.some((a) => WEIGHT_NAME.test(a.name.trim()))) {
    rows.push({ slug: 'ves-upakovki', name: 'Вес', group, value: formatWeight(Math.round(product.weightKg * 1000)), unit: null });
  }
  const { lengthCm, widthCm, heightCm } = product;
  if (lengthCm !== null && widthCm !== null && heightCm !== null) {
    const value = formatDimensions(Math.round(lengthCm * 10), Math.round(widthCm * 10), Math.round(heightCm * 10));
    rows.push({ slug: 'gabarity', name: 'Габариты', group, value, unit: null });
  }
  return rows;
}

/**
 * The product page's «Характеристики» (issue 26): one table per group («Основные», «Питание»),
 * each characteristic's name and value, then the weight and size; nothing when the product has none.
 */
export function ProductAttributesTable({ attributes }: { attributes: ProductAttribute[] }) {
  if (attributes.length === 0) return null;
  return (
    <HeadedSection id="attributes-heading" title="Характеристики" headingClassName="text-xl font-bold" className="max-w-4xl space-y-4 border-t border-border pt-6" data-testid="product-attributes">
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
    </HeadedSection>
  );
}
