import { useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { ProductCard } from '#client/components/product/product-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldDescribedBy } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { paths } from '#client/paths.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { SUPPLIERS } from '#shared/constants.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import type { Product } from '#shared/types.ts';
import { CategorySelect } from '#client/features/admin/components/category-select.tsx';
import { suppliersQuery } from '#client/features/admin/lib/suppliers.ts';
import { SlugFromNameButton } from '#client/features/admin/components/slug-from-name-button.tsx';
import { SourceBadge } from '#client/features/admin/components/source-badge.tsx';
import type { ProductPrefill } from '#client/features/admin/lib/product-prefill.ts';
import { ImageField } from './image-field.tsx';
import { Section, SwitchField, fieldProps, type ProductFormApi } from './product-form-parts.tsx';
import { slugFromName } from './product-form-values.ts';
import { SIZE_FIELDS, SIZE_LABELS, type SizeTextValues } from '#client/features/admin/lib/product-text.ts';
import { BusyLabel } from '#client/components/busy-label.tsx';

/** Where prefilled values came from (a supplier's page), shown beside their fields. */
type Sources = ProductPrefill['sources'] | undefined;

/**
 * Name and slug: the slug follows the name until it is typed by hand, and again once it is
 * emptied or made from the name with the button.
 */
function NameAndSlug({ form, sources }: { form: ProductFormApi; sources: Sources }) {
  const { register, setValue, formState } = form;
  const { errors } = formState;
  const [autoSlug, setAutoSlug] = useState(() => (formState.defaultValues?.slug ?? '') === '');
  const slug = useWatch({ control: form.control, name: 'slug' });
  const nameField = register('name', {
    onChange: (e: { target: { value: string } }) => {
      if (autoSlug) setValue('slug', slugFromName(e.target.value), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    },
  });
  const slugField = register('slug', {
    onChange: (e: { target: { value: string } }) => setAutoSlug(e.target.value === ''),
  });
  return (
    <>
      <FormField label="Название" htmlFor="product-name" required error={errors.name?.message} aside={<SourceBadge source={sources?.name} />}>
        <Input
          id="product-name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={fieldDescribedBy('product-name', { error: errors.name?.message })}
          placeholder="Например, Перфоратор DCK KZC05-26"
          {...nameField}
        />
      </FormField>
      <FormField
        label="Slug (адрес страницы)"
        htmlFor="product-slug"
        error={errors.slug?.message}
        hint={`Создаётся из названия: ${paths.product(slug || '…')}`}
      >
        <div className="flex gap-2">
          <Input
            id="product-slug"
            aria-invalid={errors.slug ? true : undefined}
            aria-describedby={fieldDescribedBy('product-slug', { hint: true, error: errors.slug?.message })}
            spellCheck={false}
            autoCapitalize="off"
            {...slugField}
          />
          <SlugFromNameButton
            onClick={() => {
              setValue('slug', slugFromName(form.getValues('name')), { shouldDirty: true, shouldValidate: true });
              setAutoSlug(true);
            }}
          />
        </div>
      </FormField>
    </>
  );
}

function CategoryField({ form, sources }: { form: ProductFormApi; sources: Sources }) {
  const error = form.formState.errors.categoryId?.message;
  return (
    <FormField label="Категория" htmlFor="product-categoryId" required error={error} aside={<SourceBadge source={sources?.categoryId} />}>
      {/* Controlled: the options arrive after the form's values. */}
      <Controller
        control={form.control}
        name="categoryId"
        render={({ field: f }) => (
          <CategorySelect
            id="product-categoryId"
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescribedBy('product-categoryId', { error })}
            name={f.name}
            ref={f.ref}
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
          />
        )}
      />
    </FormField>
  );
}

/**
 * DCK, P.I.T and the price lists' suppliers; a product keeps the supplier it has even if it is
 * no longer listed (the server accepts only these).
 */
function useSupplierOptions(current: string): { code: string; label: string }[] {
  const listed = useQuery(suppliersQuery()).data ?? [];
  const options = new Map<string, string>(SUPPLIERS.map((code) => [code, code]));
  for (const supplier of listed) if (!options.has(supplier.code)) options.set(supplier.code, `${supplier.name} (${supplier.code})`);
  if (current !== 'none' && current !== '' && !options.has(current)) options.set(current, current);
  return [...options].map(([code, label]) => ({ code, label }));
}

export function MainSection({ form, sources }: { form: ProductFormApi; sources?: Sources }) {
  const { errors } = form.formState;
  const supplierOptions = useSupplierOptions(form.formState.defaultValues?.supplier ?? 'none');
  return (
    <Section title="Основное" description="Название, адрес страницы, артикул и раздел каталога">
      <NameAndSlug form={form} sources={sources} />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Артикул" htmlFor="product-sku" required error={errors.sku?.message} aside={<SourceBadge source={sources?.sku} />}>
          <Input placeholder="Например, KZC05-26" spellCheck={false} {...fieldProps(form, 'sku')} />
        </FormField>
        <FormField label="Метка" htmlFor="product-tag" error={errors.tag?.message} hint="Например: Хит продаж, Новинка">
          <Input {...fieldProps(form, 'tag', true)} />
        </FormField>
        <CategoryField form={form} sources={sources} />
        <FormField label="Поставщик" htmlFor="product-supplier" error={errors.supplier?.message} aside={<SourceBadge source={sources?.supplier} />}>
          <NativeSelect {...fieldProps(form, 'supplier')}>
            <option value="none">Без поставщика</option>
            {supplierOptions.map(({ code, label }) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Бренд" htmlFor="product-brand" error={errors.brand?.message} hint="Производитель, которого видят покупатели: DCK, P.I.T…" aside={<SourceBadge source={sources?.brand} />}>
          <Input placeholder="Например, DCK" autoComplete="off" {...fieldProps(form, 'brand', true)} />
        </FormField>
      </div>
    </Section>
  );
}

export function PriceSection({ form, branches, sources }: { form: ProductFormApi; branches: Branch[]; sources?: Sources }) {
  const { errors } = form.formState;
  const quantities = useWatch({ control: form.control, name: 'branchStock' });
  const total = quantities.reduce((sum, q) => sum + (Number(q.quantity.replace(/\s/g, '').replace(',', '.')) || 0), 0);
  return (
    <Section title="Цена и склад" description="Цена 0 показывается покупателям как «Цена по запросу»">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Цена, ₽" htmlFor="product-price" required error={errors.price?.message} aside={<SourceBadge source={sources?.price} />}>
          <Input inputMode="decimal" {...fieldProps(form, 'price')} />
        </FormField>
        <FormField label="Старая цена, ₽" htmlFor="product-originalPrice" error={errors.originalPrice?.message} hint="Для скидки">
          <Input inputMode="decimal" {...fieldProps(form, 'originalPrice', true)} />
        </FormField>
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">
          Остаток по филиалам, шт. <span className="font-normal text-muted-foreground">— всего {total} шт.; пусто — нет в филиале</span>
        </legend>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          {branches.map((b, i) => {
            const name = `branchStock.${i}.quantity` as const;
            const error = errors.branchStock?.[i]?.quantity?.message;
            return (
              <FormField key={b.id} label={b.city} htmlFor={`product-stock-${b.slug}`} error={error}>
                <Input
                  id={`product-stock-${b.slug}`}
                  inputMode="numeric"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={fieldDescribedBy(`product-stock-${b.slug}`, { error })}
                  {...form.register(name)}
                />
              </FormField>
            );
          })}
        </div>
      </fieldset>
    </Section>
  );
}

/**
 * Packed weight and size for delivery's price (СДЭК); an empty field ships as its category's
 * default, which the field shows greyed (`standIn`).
 */
export function SizeSection({ form, standIn, sources }: { form: ProductFormApi; standIn: SizeTextValues; sources?: Sources }) {
  const { errors } = form.formState;
  return (
    <Section title="Вес и габариты" description="В упаковке, для расчёта доставки. Пустое поле — берётся значение категории (показано серым)">
      <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-4">
        {SIZE_FIELDS.map((name) => (
          <FormField key={name} label={SIZE_LABELS[name]} htmlFor={`product-${name}`} error={errors[name]?.message} aside={<SourceBadge source={sources?.[name]} />}>
            <Input inputMode="decimal" placeholder={standIn[name]} {...fieldProps(form, name)} />
          </FormField>
        ))}
      </div>
    </Section>
  );
}

export function ImageSection({ form, imageUrl, sources }: { form: ProductFormApi; imageUrl: string; sources?: Sources }) {
  return (
    <Section title="Изображение">
      <ImageField
        value={imageUrl}
        source={sources?.imageUrl}
        error={form.formState.errors.imageUrl?.message}
        inputProps={form.register('imageUrl')}
        onChange={(url) => form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true })}
      />
    </Section>
  );
}

export function DescriptionSection({ form, sources }: { form: ProductFormApi; sources?: Sources }) {
  const { errors } = form.formState;
  return (
    <Section title="Описание">
      <FormField
        label="Краткое описание"
        htmlFor="product-shortDescription"
        error={errors.shortDescription?.message}
        hint="До 500 символов, показывается в карточке"
        aside={<SourceBadge source={sources?.shortDescription} />}
      >
        <Textarea rows={3} {...fieldProps(form, 'shortDescription', true)} />
      </FormField>
      <FormField label="Полное описание" htmlFor="product-description" error={errors.description?.message} aside={<SourceBadge source={sources?.description} />}>
        <Textarea rows={8} {...fieldProps(form, 'description')} />
      </FormField>
    </Section>
  );
}

/** The two switches and the form's buttons; saving an unchanged product is not offered. */
export function PublishSection({ form, isEdit, pending }: { form: ProductFormApi; isEdit: boolean; pending: boolean }) {
  return (
    <Section title="Публикация">
      <SwitchField form={form} name="isActive" label="Показывать в каталоге" hint="Неактивный товар видят только сотрудники" ariaLabel="Показывать в каталоге" />
      <SwitchField form={form} name="isFeatured" label="Рекомендуемый" hint="Выше в сортировке «Рекомендуемые»" ariaLabel="Рекомендуемый товар" />
      <div className="flex flex-col gap-2 border-t pt-4">
        <Button type="submit" size="lg" disabled={pending || (isEdit && !form.formState.isDirty)}>
          <BusyLabel busy={pending} icon={Save} busyText="Сохранение...">
            {isEdit ? 'Сохранить изменения' : 'Создать товар'}
          </BusyLabel>
        </Button>
        <Button variant="outline" asChild>
          <Link to={adminPaths.products}>Отмена</Link>
        </Button>
      </div>
    </Section>
  );
}

/** The storefront's own card showing what is typed; inert, so its buttons and links do nothing. */
export function PreviewSection({ id, preview, hidden }: { id: string; preview: Product; hidden: boolean }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-sm font-semibold text-muted-foreground uppercase">
        Так товар увидят покупатели
      </h2>
      {hidden && (
        <p className="mb-2 rounded-md border border-dashed bg-card px-3 py-2 text-sm text-muted-foreground">
          Товар скрыт: покупатели его не увидят, пока он неактивен.
        </p>
      )}
      <div inert className="mx-auto max-w-64 lg:max-w-none">
        <ProductCard key={preview.imageUrl ?? ''} product={preview} />
      </div>
    </section>
  );
}
