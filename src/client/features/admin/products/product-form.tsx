import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { adminPaths } from '#client/features/admin/paths.ts';
import { ProductSchema, type ProductData } from '#shared/schemas/product.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import type { Product } from '#shared/types.ts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { branchesQuery } from '#client/lib/branches.ts';
import { adminCategoriesQuery } from '#client/features/admin/lib/catalog.ts';
import { adminAttributesQuery } from '#client/features/admin/lib/attributes.ts';
import type { AdminAttribute } from '#shared/schemas/attributes.ts';
import type { ProductPrefill } from '#client/features/admin/lib/product-prefill.ts';
import { useSaveProduct } from './api.ts';
import { DescriptionSection, ImageSection, MainSection, PreviewSection, PriceSection, PublishSection, SizeSection } from './product-form-sections.tsx';
import { SupplierOffersSection } from './supplier-offers-section.tsx';
import { characteristicFields, emptyForm, FIELD_NAMES, formValuesOf, previewOf, slugFromName, standInSize, withPrefilled, type FormValues } from './product-form-values.ts';
import { CharacteristicsSection } from './characteristics-section.tsx';
import { formResolver } from '#client/lib/form-resolver.ts';

/**
 * A new product (`product` null) or an existing one: the fields on the left, publishing and a live
 * preview on the right. `prefill` (from a supplier's page) changes the fields it names, each marked
 * with its source; the changes count as edits, so an existing product can be saved with them.
 */
export function ProductForm(props: { product: Product | null; prefill?: ProductPrefill | null }) {
  const branches = useQuery(branchesQuery());
  // Read afresh: the form sends the product's characteristics as a whole, so one whose attribute
  // a stale list lacked (an import made it a moment ago) would be lost on save.
  const attributes = useQuery({ ...adminAttributesQuery(), staleTime: 0 });
  if (branches.isError) return <LoadError title="Не удалось загрузить филиалы" error={branches.error} onRetry={() => void branches.refetch()} />;
  if (attributes.isError) return <LoadError title="Не удалось загрузить характеристики" error={attributes.error} onRetry={() => void attributes.refetch()} />;
  if (!branches.data || !attributes.data || !attributes.isFetchedAfterMount) return <Skeleton className="h-[32rem] rounded-lg" aria-busy="true" aria-label="Загрузка формы" />;
  return <ProductFormFields {...props} branches={branches.data} attributes={attributes.data} />;
}

function ProductFormFields({
  product,
  prefill = null,
  branches,
  attributes,
}: {
  product: Product | null;
  prefill?: ProductPrefill | null;
  branches: Branch[];
  attributes: AdminAttribute[];
}) {
  const navigate = useNavigate();
  const categories = useQuery(adminCategoriesQuery());
  const isEdit = product !== null;
  const formId = useId();

  const form = useForm<FormValues, unknown, ProductData>({
    // The form keeps text; the shared schema turns it into numbers with the spec's messages
    // (its input type is `unknown` for those fields, hence the cast).
    resolver: formResolver<FormValues, ProductData>(ProductSchema),
    defaultValues: product ? formValuesOf(product, branches, attributes) : emptyForm(branches),
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control });

  // Applied once: later renders keep what staff typed over it.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!prefill || prefilled.current) return;
    prefilled.current = true;
    for (const [field, value] of Object.entries(prefill.values)) form.setValue(field as keyof FormValues, value, { shouldDirty: true });
    if (prefill.characteristics) form.setValue('attributes', withPrefilled(form.getValues('attributes'), prefill.characteristics.values, attributes), { shouldDirty: true });
    // A new product's address follows its name, as when the name is typed.
    if (!product && prefill.values.name) form.setValue('slug', slugFromName(prefill.values.name), { shouldDirty: true });
  }, [form, prefill, product, attributes]);

  const save = useSaveProduct(product, {
    onSuccess: (saved) => {
      toast({ title: isEdit ? 'Товар обновлён' : 'Товар создан', description: saved.name, variant: 'success' });
      navigate(adminPaths.products);
    },
    onError: (error) => {
      applyServerErrors(error, [...FIELD_NAMES, ...characteristicFields(form.getValues('attributes').length)], form.setError);
      toast({ title: 'Не удалось создать/обновить товар', description: error.message, variant: 'destructive' });
    },
  });

  const onSubmit = form.handleSubmit(
    // A new product's slug that still follows its name is the name's, not one staff typed: sent
    // empty, the server makes it unique with a suffix (a typed slug that is taken answers 409).
    (data) => save.mutate({ ...data, slug: !isEdit && data.slug === slugFromName(data.name) ? '' : data.slug }),
    () => toast({ title: 'Проверьте поля формы', description: 'Некоторые поля заполнены неверно', variant: 'destructive' }),
  );

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid content-start gap-6">
        {prefill && <PrefillNotice pageUrl={prefill.pageUrl} />}
        <MainSection form={form} sources={prefill?.sources} />
        <PriceSection form={form} branches={branches} sources={prefill?.sources} />
        <SizeSection form={form} standIn={standInSize(categories.data?.find((c) => String(c.id) === values.categoryId))} sources={prefill?.sources} />
        {product && <SupplierOffersSection form={form} productId={product.id} />}
        <ImageSection form={form} imageUrl={values.imageUrl ?? ''} sources={prefill?.sources} />
        <DescriptionSection form={form} sources={prefill?.sources} />
        <CharacteristicsSection form={form} attributes={attributes} prefilled={prefill?.characteristics} />
      </div>
      <aside className="grid content-start gap-6 lg:sticky lg:top-6 lg:self-start">
        <PublishSection form={form} isEdit={isEdit} pending={save.isPending} />
        <PreviewSection id={`${formId}-preview`} preview={previewOf(values, product, categories.data, branches)} hidden={!(values.isActive ?? true)} />
      </aside>
    </form>
  );
}

function PrefillNotice({ pageUrl }: { pageUrl: string }) {
  return (
    <Alert role={undefined} data-testid="prefill-notice">
      <Globe aria-hidden />
      <AlertTitle>Поля заполнены со страницы поставщика</AlertTitle>
      <AlertDescription>
        <p className="break-all">{pageUrl}</p>
        <p>Отметка у поля — откуда взято значение: JSON-LD, микроразметка, Open Graph или сама страница. Проверьте поля и выберите категорию.</p>
      </AlertDescription>
    </Alert>
  );
}
