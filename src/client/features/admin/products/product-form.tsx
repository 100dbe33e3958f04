import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { toast } from '#client/components/ui/toast-store.ts';
import { adminPaths } from '#client/paths.ts';
import { ProductSchema, type ProductData } from '#shared/schemas/product.ts';
import type { Product } from '#shared/types.ts';
import { adminCategoriesQuery } from '#client/features/admin/lib/catalog.ts';
import { useSaveProduct } from './api.ts';
import { DescriptionSection, ImageSection, MainSection, PreviewSection, PriceSection, PublishSection } from './product-form-sections.tsx';
import { EMPTY_FORM, FIELD_NAMES, formValuesOf, previewOf, slugFromName, type FormValues } from './product-form-values.ts';

/** A new product (`product` null) or an existing one: the fields on the left, publishing and a live preview on the right. */
export function ProductForm({ product }: { product: Product | null }) {
  const navigate = useNavigate();
  const categories = useQuery(adminCategoriesQuery());
  const isEdit = product !== null;
  const formId = useId();

  const form = useForm<FormValues, unknown, ProductData>({
    // The form keeps text; the shared schema turns it into numbers with the spec's messages
    // (its input type is `unknown` for those fields, hence the cast).
    resolver: zodResolver(ProductSchema) as unknown as Resolver<FormValues, unknown, ProductData>,
    defaultValues: product ? formValuesOf(product) : EMPTY_FORM,
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });

  const save = useSaveProduct(product, {
    onSuccess: (saved) => {
      toast({ title: isEdit ? 'Товар обновлён' : 'Товар создан', description: saved.name, variant: 'success' });
      navigate(adminPaths.products);
    },
    onError: (error) => {
      applyServerErrors(error, FIELD_NAMES, form.setError);
      toast({ title: 'Не удалось создать/обновить товар', description: error.message, variant: 'destructive' });
    },
  });

  const onSubmit = form.handleSubmit(
    // No slug: the server makes one from the name (unique, with a suffix when taken).
    (data) => save.mutate({ ...data, slug: data.slug || slugFromName(data.name) }),
    () => toast({ title: 'Проверьте поля формы', description: 'Некоторые поля заполнены неверно', variant: 'destructive' }),
  );

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid content-start gap-6">
        <MainSection form={form} />
        <PriceSection form={form} />
        <ImageSection form={form} imageUrl={values.imageUrl ?? ''} />
        <DescriptionSection form={form} />
      </div>
      <aside className="grid content-start gap-6 lg:sticky lg:top-6 lg:self-start">
        <PublishSection form={form} isEdit={isEdit} pending={save.isPending} />
        <PreviewSection id={`${formId}-preview`} preview={previewOf(values, product, categories.data)} hidden={!(values.isActive ?? true)} />
      </aside>
    </form>
  );
}
