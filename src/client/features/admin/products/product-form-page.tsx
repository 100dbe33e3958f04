import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ImageUp, Link2, Loader2, Save, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldPath, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldDescribedBy } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/select.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { ApiError } from '#client/lib/api.ts';
import { SUPPLIERS } from '#shared/constants.ts';
import { ProductSchema, type ProductData } from '#shared/schemas/product.ts';
import { isIdLike, slugify } from '#shared/slug.ts';
import type { Product } from '#shared/types.ts';
import { adminCategoriesQuery, invalidateCatalog } from '#client/features/admin/categories/api.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { PageHeader } from '#client/features/admin/components/page-header.tsx';
import { SlugFromNameButton } from '#client/features/admin/components/slug-from-name-button.tsx';
import { useAdminTitle } from '#client/features/admin/components/use-admin-title.ts';
import { adminProductQuery, createProduct, updateProduct, uploadProductImage } from './api.ts';
import { ProductCard } from '#client/components/product/product-card.tsx';

type FormValues = {
  name: string;
  slug: string;
  sku: string;
  price: string;
  originalPrice: string;
  stock: string;
  categoryId: string;
  supplier: string;
  tag: string;
  imageUrl: string;
  shortDescription: string;
  description: string;
  rating: string;
  reviewCount: string;
  isActive: boolean;
  isFeatured: boolean;
};
type FieldName = FieldPath<FormValues>;

const FIELD_NAMES: readonly FieldName[] = [
  'name', 'slug', 'sku', 'price', 'originalPrice', 'stock', 'categoryId', 'supplier', 'tag', 'imageUrl',
  'shortDescription', 'description', 'rating', 'reviewCount', 'isActive', 'isFeatured',
];

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value).replace('.', ','));

const EMPTY: FormValues = {
  name: '', slug: '', sku: '', price: '', originalPrice: '', stock: '', categoryId: '', supplier: 'none', tag: '', imageUrl: '',
  shortDescription: '', description: '', rating: '0', reviewCount: '0', isActive: true, isFeatured: false,
};

const fromProduct = (p: Product): FormValues => ({
  name: p.name,
  slug: p.slug,
  sku: p.sku,
  price: numberText(p.price),
  originalPrice: numberText(p.originalPrice),
  stock: numberText(p.stock),
  categoryId: p.categoryId ? String(p.categoryId) : '',
  supplier: p.supplier ?? 'none',
  tag: p.tag ?? '',
  imageUrl: p.imageUrl ?? '',
  shortDescription: p.shortDescription,
  description: p.description,
  rating: numberText(p.rating),
  reviewCount: String(p.reviewCount),
  isActive: p.isActive,
  isFeatured: p.isFeatured,
});

/** A slug from the name as the spec makes it; digits only would read as an id, so none then. */
const slugFromName = (name: string) => {
  const slug = slugify(name);
  return isIdLike(slug) ? '' : slug;
};

const toNumber = (text: string) => {
  const n = Number(text.replace(/\s/g, '').replace(',', '.'));
  return text.trim() === '' || Number.isNaN(n) ? null : n;
};

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_UPLOAD = 5 * 1024 * 1024;

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-4 sm:pb-4">
        <CardTitle as="h2" className="text-base sm:text-lg">
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** One of the form's two switches, with its label and a line saying what it does. */
function SwitchField({
  control,
  name,
  label,
  hint,
  ariaLabel,
}: {
  control: Control<FormValues, unknown, ProductData>;
  name: 'isActive' | 'isFeatured';
  label: string;
  hint: string;
  ariaLabel: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f }) => (
        <label className="flex items-start justify-between gap-4">
          <span>
            <span className="block text-sm font-medium">{label}</span>
            <span className="block text-sm text-muted-foreground">{hint}</span>
          </span>
          <Switch checked={f.value} onCheckedChange={f.onChange} onBlur={f.onBlur} aria-label={ariaLabel} />
        </label>
      )}
    />
  );
}

function ImageField({
  value,
  onChange,
  error,
  inputProps,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
  inputProps: Record<string, unknown>;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: uploadProductImage,
    onSuccess: ({ url }) => {
      setUploadError(null);
      onChange(url);
      toast({ title: 'Изображение загружено', variant: 'success' });
    },
    onError: (e) => setUploadError(e.message),
  });
  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) return setUploadError('Можно загрузить только изображение JPEG, PNG или WebP');
    if (file.size > MAX_UPLOAD) return setUploadError('Файл слишком большой: не более 5 МБ');
    setUploadError(null);
    upload.mutate(file);
  };
  const shownError = uploadError ?? error;
  return (
    <FormField
      label="Адрес изображения"
      htmlFor="product-imageUrl"
      error={shownError}
      hint="Адрес картинки (https://… или /uploads/…) или файл JPEG, PNG, WebP до 5 МБ"
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Link2 className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id="product-imageUrl"
            placeholder="https://example.ru/photo.jpg"
            className="pl-9"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={fieldDescribedBy('product-imageUrl', { hint: true, error: shownError })}
            {...inputProps}
          />
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-label="Файл изображения"
          data-testid="product-image-file"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ImageUp aria-hidden />}
          {upload.isPending ? 'Загрузка...' : 'Загрузить файл'}
        </Button>
        {value && (
          <Button variant="ghost" onClick={() => onChange('')} aria-label="Убрать изображение">
            <Trash2 aria-hidden />
            <span className="sm:hidden">Убрать изображение</span>
          </Button>
        )}
      </div>
    </FormField>
  );
}

function ProductForm({ product }: { product: Product | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useQuery(adminCategoriesQuery());
  const isEdit = product !== null;
  const [autoSlug, setAutoSlug] = useState(!isEdit || product.slug === '');
  const formId = useId();

  const form = useForm<FormValues, unknown, ProductData>({
    // The form keeps text; the shared schema turns it into numbers with the spec's messages
    // (its input type is `unknown` for those fields, hence the cast).
    resolver: zodResolver(ProductSchema) as unknown as Resolver<FormValues, unknown, ProductData>,
    defaultValues: product ? fromProduct(product) : EMPTY,
    mode: 'onTouched',
  });
  const { register, handleSubmit, setValue, setError, control, formState } = form;
  const { errors, isDirty } = formState;
  const values = useWatch({ control });

  const save = useMutation({
    mutationFn: (data: ProductData) => (product ? updateProduct(product.id, data) : createProduct(data)),
    onSuccess: async (saved) => {
      toast({ title: isEdit ? 'Товар обновлён' : 'Товар создан', description: saved.name, variant: 'success' });
      await invalidateCatalog(queryClient);
      navigate('/admin/products');
    },
    onError: (error) => {
      applyServerErrors(error, FIELD_NAMES, setError);
      toast({ title: 'Не удалось создать/обновить товар', description: error.message, variant: 'destructive' });
    },
  });

  const onSubmit = handleSubmit(
    (data) => {
      // No slug: the server makes one from the name (unique, with a suffix when taken).
      save.mutate({ ...data, slug: data.slug || slugFromName(data.name) });
    },
    () => toast({ title: 'Проверьте поля формы', description: 'Некоторые поля заполнены неверно', variant: 'destructive' }),
  );

  const field = (name: FieldName, hint?: boolean) => {
    const error = errors[name]?.message;
    return {
      id: `product-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': fieldDescribedBy(`product-${name}`, { hint, error }),
      ...register(name),
    };
  };

  const nameField = register('name', {
    onChange: (e: { target: { value: string } }) => {
      if (autoSlug) setValue('slug', slugFromName(e.target.value), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    },
  });
  const slugField = register('slug', {
    onChange: (e: { target: { value: string } }) => setAutoSlug(e.target.value === ''),
  });

  const category = categories.data?.find((c) => String(c.id) === values.categoryId);
  const supplier = SUPPLIERS.find((s) => s === values.supplier) ?? null;
  const preview: Product = {
    id: product?.id ?? 0,
    slug: values.slug || 'novyy-tovar',
    name: values.name?.trim() || 'Название товара',
    sku: values.sku?.trim() || '—',
    tag: values.tag?.trim() || null,
    imageUrl: values.imageUrl?.trim() || null,
    price: toNumber(values.price ?? ''),
    originalPrice: toNumber(values.originalPrice ?? ''),
    stock: toNumber(values.stock ?? ''),
    shortDescription: values.shortDescription ?? '',
    description: values.description ?? '',
    categoryId: category?.id ?? null,
    category: category ? { id: category.id, name: category.name, slug: category.slug } : null,
    supplier,
    rating: Math.min(5, Math.max(0, toNumber(values.rating ?? '') ?? 0)),
    reviewCount: Math.max(0, Math.round(toNumber(values.reviewCount ?? '') ?? 0)),
    isActive: true,
    isFeatured: values.isFeatured ?? false,
    createdAt: product?.createdAt ?? '',
    updatedAt: product?.updatedAt ?? '',
  };

  return (
    <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid content-start gap-6">
        <Section title="Основное" description="Название, адрес страницы, артикул и раздел каталога">
          <FormField label="Название" htmlFor="product-name" required error={errors.name?.message}>
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
            hint={`Создаётся из названия: /product/${values.slug || '…'}`}
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
                  setValue('slug', slugFromName(values.name ?? ''), { shouldDirty: true, shouldValidate: true });
                  setAutoSlug(true);
                }}
              />
            </div>
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Артикул" htmlFor="product-sku" required error={errors.sku?.message}>
              <Input placeholder="Например, KZC05-26" spellCheck={false} {...field('sku')} />
            </FormField>
            <FormField label="Метка" htmlFor="product-tag" error={errors.tag?.message} hint="Например: Хит продаж, Новинка">
              <Input {...field('tag', true)} />
            </FormField>
            <FormField label="Категория" htmlFor="product-categoryId" required error={errors.categoryId?.message}>
              {/* Controlled: the options arrive after the form's values. */}
              <Controller
                control={control}
                name="categoryId"
                render={({ field: f }) => (
                  <NativeSelect
                    id="product-categoryId"
                    aria-invalid={errors.categoryId ? true : undefined}
                    aria-describedby={fieldDescribedBy('product-categoryId', { error: errors.categoryId?.message })}
                    name={f.name}
                    ref={f.ref}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    disabled={categories.isPending}
                  >
                    <option value="">{categories.isPending ? 'Загрузка категорий...' : 'Выберите категорию'}</option>
                    {categories.data?.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              />
            </FormField>
            <FormField label="Поставщик" htmlFor="product-supplier" error={errors.supplier?.message}>
              <NativeSelect {...field('supplier')}>
                <option value="none">Без поставщика</option>
                {SUPPLIERS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        </Section>

        <Section title="Цена и склад" description="Цена 0 показывается покупателям как «Цена по запросу»">
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <FormField label="Цена, ₽" htmlFor="product-price" required error={errors.price?.message}>
              <Input inputMode="decimal" {...field('price')} />
            </FormField>
            <FormField label="Старая цена, ₽" htmlFor="product-originalPrice" error={errors.originalPrice?.message} hint="Для скидки">
              <Input inputMode="decimal" {...field('originalPrice', true)} />
            </FormField>
            <FormField label="Остаток, шт." htmlFor="product-stock" error={errors.stock?.message} hint="Пусто — нет в наличии">
              <Input inputMode="numeric" {...field('stock', true)} />
            </FormField>
          </div>
        </Section>

        <Section title="Изображение">
          <ImageField
            value={values.imageUrl ?? ''}
            error={errors.imageUrl?.message}
            inputProps={register('imageUrl')}
            onChange={(url) => setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true })}
          />
        </Section>

        <Section title="Описание">
          <FormField label="Краткое описание" htmlFor="product-shortDescription" error={errors.shortDescription?.message} hint="До 500 символов, показывается в карточке">
            <Textarea rows={3} {...field('shortDescription', true)} />
          </FormField>
          <FormField label="Полное описание" htmlFor="product-description" error={errors.description?.message}>
            <Textarea rows={8} {...field('description')} />
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label="Рейтинг (0–5)" htmlFor="product-rating" error={errors.rating?.message}>
              <Input inputMode="decimal" {...field('rating')} />
            </FormField>
            <FormField label="Количество отзывов" htmlFor="product-reviewCount" error={errors.reviewCount?.message}>
              <Input inputMode="numeric" {...field('reviewCount')} />
            </FormField>
          </div>
        </Section>
      </div>

      <aside className="grid content-start gap-6 lg:sticky lg:top-6 lg:self-start">
        <Section title="Публикация">
          <SwitchField
            control={control}
            name="isActive"
            label="Показывать в каталоге"
            hint="Неактивный товар видят только сотрудники"
            ariaLabel="Показывать в каталоге"
          />
          <SwitchField
            control={control}
            name="isFeatured"
            label="Рекомендуемый"
            hint="Выше в сортировке «Рекомендуемые»"
            ariaLabel="Рекомендуемый товар"
          />
          <div className="flex flex-col gap-2 border-t pt-4">
            <Button type="submit" size="lg" disabled={save.isPending || (isEdit && !isDirty)}>
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
              {save.isPending ? 'Сохранение...' : isEdit ? 'Сохранить изменения' : 'Создать товар'}
            </Button>
            <Button variant="outline" asChild>
              <Link to="/admin/products">Отмена</Link>
            </Button>
          </div>
        </Section>
        <section aria-labelledby={`${formId}-preview`}>
          <h2 id={`${formId}-preview`} className="mb-2 text-sm font-semibold text-muted-foreground uppercase">
            Так товар увидят покупатели
          </h2>
          {!(values.isActive ?? true) && (
            <p className="mb-2 rounded-md border border-dashed bg-card px-3 py-2 text-sm text-muted-foreground">
              Товар скрыт: покупатели его не увидят, пока он неактивен.
            </p>
          )}
          {/* The storefront's own card; inert, so the preview's buttons and links do nothing. */}
          <div inert className="mx-auto max-w-64 lg:max-w-none">
            <ProductCard key={preview.imageUrl ?? ''} product={preview} />
          </div>
        </section>
      </aside>
    </form>
  );
}

function EditProduct({ id }: { id: number }) {
  const query = useQuery(adminProductQuery(id));
  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Загрузка товара" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Skeleton className="h-[32rem] rounded-lg" />
        <Skeleton className="h-80 rounded-lg" />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-10 text-center">
          <p className="text-lg font-semibold">Товар не найден</p>
          <p className="text-muted-foreground">Возможно, он был удалён.</p>
          <Button asChild>
            <Link to="/admin/products">К списку товаров</Link>
          </Button>
        </div>
      );
    }
    return <LoadError title="Не удалось загрузить товар" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <ProductForm key={query.data.id} product={query.data} />;
}

/** `/admin/products/create`, `/admin/products/new` and `/admin/products/edit/{id}`: one form. */
export default function ProductFormPage() {
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const isEdit = params.id !== undefined;
  useAdminTitle(isEdit ? 'Редактирование товара' : 'Новый товар');
  return (
    <>
      <Button variant="link" asChild className="mb-2">
        <Link to="/admin/products">
          <ArrowLeft aria-hidden />
          Все товары
        </Link>
      </Button>
      <PageHeader
        title={isEdit ? 'Редактирование товара' : 'Новый товар'}
        description={isEdit ? 'Изменения видны в каталоге сразу после сохранения' : 'Заполните карточку: предпросмотр показывает, как её увидят покупатели'}
      />
      {isEdit ? id ? <EditProduct id={id} /> : <p className="text-muted-foreground">Товар не найден</p> : <ProductForm product={null} />}
    </>
  );
}
