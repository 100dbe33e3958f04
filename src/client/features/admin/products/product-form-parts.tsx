import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import type { ProductData } from '#shared/schemas/product.ts';
import type { FieldName, FormValues } from './product-form-values.ts';

export type ProductFormApi = UseFormReturn<FormValues, unknown, ProductData>;

/** The props of a plain input: its id, error state and registration. */
export function fieldProps(form: ProductFormApi, name: FieldName, hint?: boolean) {
  const error = form.formState.errors[name]?.message;
  return {
    ...fieldControlProps(`product-${name}`, { hint, error }),
    ...form.register(name),
  } as const;
}

export function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
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
export function SwitchField({
  form,
  name,
  label,
  hint,
  ariaLabel,
}: {
  form: ProductFormApi;
  name: 'isActive' | 'isFeatured';
  label: string;
  hint: string;
  ariaLabel: string;
}) {
  return (
    <Controller
      control={form.control}
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
