import { X } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { NO, YES } from '#shared/attributes.ts';
import type { AdminAttribute } from '#shared/schemas/attributes.ts';
import { SourceBadge } from '#client/features/admin/components/source-badge.tsx';
import type { ProductPrefill } from '#client/features/admin/lib/product-prefill.ts';
import { Section, type ProductFormApi } from './product-form-parts.tsx';

/**
 * The product's «Характеристики»: a value for each attribute added from the shop's list, its
 * input by the attribute's kind (a number with its unit, yes / no, text). The server checks each
 * value by its kind (attributeValueError) and answers on the value's own field.
 */
export function CharacteristicsSection({
  form,
  attributes,
  prefilled,
}: {
  form: ProductFormApi;
  attributes: AdminAttribute[];
  /** The values a supplier's page filled in: their rows carry the page's source. */
  prefilled?: ProductPrefill['characteristics'];
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'attributes' });
  const [adding, setAdding] = useState('');
  const byId = new Map(attributes.map((a) => [a.id, a]));
  const rest = attributes.filter((a) => !fields.some((f) => f.attributeId === a.id));
  const errors = form.formState.errors.attributes;

  return (
    <Section title="Характеристики" description="Покупатели видят их в таблице на странице товара и фильтруют по ним каталог.">
      {fields.length === 0 && <p className="text-sm text-muted-foreground">Характеристик пока нет: добавьте их из списка ниже.</p>}
      {fields.map((field, index) => {
        const attribute = byId.get(field.attributeId);
        if (!attribute) return null;
        const id = `product-attribute-${attribute.id}`;
        const error = errors?.[index]?.value?.message ?? errors?.[index]?.attributeId?.message;
        const fromPage = prefilled?.values.some((p) => p.attributeId === attribute.id);
        const control = {
          ...fieldControlProps(id, { error }),
          ...form.register(`attributes.${index}.value`),
        };
        return (
          <div key={field.id} className="flex items-start gap-2" data-testid="product-characteristic">
            <FormField label={attribute.name} htmlFor={id} error={error} className="flex-1" aside={fromPage && <SourceBadge source={prefilled?.source} />}>
              {attribute.kind === 'boolean' ? (
                <NativeSelect {...control}>
                  <option value="">Выберите…</option>
                  <option value={YES}>{YES}</option>
                  <option value={NO}>{NO}</option>
                  {/* A value brought from elsewhere (a supplier's «плавная») stays in sight until staff choose: saving says why it cannot be kept. */}
                  {![YES, NO, ''].includes(field.value) && (
                    <option value={field.value} disabled>
                      {field.value}
                    </option>
                  )}
                </NativeSelect>
              ) : attribute.kind === 'number' ? (
                <div className="relative">
                  <Input inputMode="decimal" className={attribute.unit ? 'pr-14' : undefined} {...control} />
                  {attribute.unit && <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground">{attribute.unit}</span>}
                </div>
              ) : (
                <Input {...control} />
              )}
            </FormField>
            <Button type="button" variant="ghost" size="icon-sm" className="mt-7" onClick={() => remove(index)} aria-label={`Убрать «${attribute.name}»`}>
              <X aria-hidden />
            </Button>
          </div>
        );
      })}
      <div className="flex gap-2">
        <NativeSelect aria-label="Характеристика для товара" value={adding} onChange={(e) => setAdding(e.target.value)}>
          <option value="">Выберите характеристику…</option>
          {rest.map((a) => (
            <option key={a.id} value={a.id}>
              {a.unit ? `${a.name}, ${a.unit}` : a.name}
            </option>
          ))}
        </NativeSelect>
        <Button
          type="button"
          variant="outline"
          disabled={!adding}
          onClick={() => {
            append({ attributeId: Number(adding), value: '' }, { shouldFocus: true });
            setAdding('');
          }}
        >
          Добавить
        </Button>
      </div>
    </Section>
  );
}
