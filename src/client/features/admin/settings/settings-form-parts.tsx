import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, type ComponentType, type FormEventHandler, type ReactNode } from 'react';
import {
  Controller,
  get,
  useForm,
  type Control,
  type DefaultValues,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { FormField, fieldControlProps, type FormFieldProps } from '#client/components/ui/form-field.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { formResolver } from '#client/lib/form-resolver.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import { cn } from '#client/lib/utils.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { FormActions } from '#client/features/admin/components/form-actions.tsx';

/** A switch with its label and a line saying what it does. */
export function SwitchRow({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3 sm:p-4">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} aria-describedby={`${id}-hint`} />
    </div>
  );
}

export function FormSkeleton({ fields = 6 }: { fields?: number }) {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Загрузка настроек">
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className="grid gap-1.5">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10" />
        </div>
      ))}
    </div>
  );
}

/** A settings tab's card: its heading, what the tab is for, an `action` beside them (say «Добавить»), then `children`. */
export function SettingsCard({ title, description, action, children }: { title: string; description: ReactNode; action?: ReactNode; children: ReactNode }) {
  const heading = (
    <>
      <CardTitle as="h2">{title}</CardTitle>
      <CardDescription>{description}</CardDescription>
    </>
  );
  return (
    <Card>
      {action ? (
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">{heading}</div>
          {action}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * A settings tab holding one form on the server's values (`form`, once `query` has loaded them). A
 * failed load says «`failure`» in a toast and in the card, with a way to try again.
 */
export function SettingsFormTab<T>({
  query: options,
  title,
  description,
  failure,
  form: Form,
}: {
  query: UseQueryOptions<T, Error, T, string[]>;
  title: string;
  description: string;
  failure: string;
  form: ComponentType<{ data: T }>;
}) {
  const query = useQuery(options);
  useLoadErrorToast(query.error, (message) => `${failure}: ${message}`);
  return (
    <SettingsCard title={title} description={description}>
      {query.isError && !query.data ? (
        <LoadError title={failure} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        <Form data={query.data} />
      ) : (
        <FormSkeleton />
      )}
    </SettingsCard>
  );
}

/** A settings form named `label`: its fields (`children`), then «Сохранить настройки» and «Отменить» while it is `dirty`. */
export function SettingsForm({
  label,
  onSubmit,
  dirty,
  saving,
  onCancel,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  dirty: boolean;
  saving: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={label}>
      {children}
      <FormActions dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}

/**
 * The form of a tab whose answer holds its `settings` and says how they stand: `Status` (say, what
 * is still missing) above `Form` on the settings.
 */
export function formUnderStatus<A extends { settings: S }, S>(Status: ComponentType<{ data: A }>, Form: ComponentType<{ data: S }>) {
  return function FormUnderStatus({ data }: { data: A }) {
    return (
      <div className="grid gap-5">
        <Status data={data} />
        <Form data={data.settings} />
      </div>
    );
  };
}

type FieldLayout = Pick<FormFieldProps, 'label' | 'hint' | 'required' | 'className'>;

/**
 * The fields of a settings form, each control's id `prefix-<name>`. `control(name)` gives a control
 * its id, its registration and its aria attributes (pointing at a hint only when given one);
 * `field(name, layout, control)` lays the control out under its label, with its error.
 */
export function settingsFields<T extends FieldValues>(prefix: string, { register, formState: { errors } }: UseFormReturn<T>) {
  const errorOf = (name: Path<T>) => (get(errors, name) as { message?: string } | undefined)?.message;
  return {
    control: (name: Path<T>, options: { valueAsNumber?: boolean; hint?: string } = {}) => ({
      ...fieldControlProps(`${prefix}-${name}`, { error: errorOf(name), hint: options.hint }),
      ...register(name, options.valueAsNumber ? { valueAsNumber: true } : undefined),
    }),
    field: (name: Path<T>, layout: FieldLayout, control: ReactNode) => (
      <FormField {...layout} htmlFor={`${prefix}-${name}`} error={errorOf(name)}>
        {control}
      </FormField>
    ),
  };
}

/** 'Ошибка загрузки' toast once per failure (spec 8). */
export function useLoadErrorToast(error: Error | null, describe: (message: string) => string) {
  useEffect(() => {
    if (error) toast({ title: 'Ошибка загрузки', description: describe(error.message), variant: 'destructive' });
    // `describe` is a fixed text per form; the toast follows the error only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}

export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 md:grid-cols-2">{children}</div>;
}

/** A boolean field of a settings form shown as a SwitchRow. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  ...row
}: {
  control: Control<T>;
  name: FieldPathByValue<T, boolean>;
  id: string;
  label: string;
  description: string;
  disabled?: boolean;
}) {
  return <Controller control={control} name={name} render={({ field }) => <SwitchRow {...row} checked={field.value} onCheckedChange={field.onChange} />} />;
}

/**
 * One item of a settings tab's list (a branch, a customer group): what it is (`children`), and
 * «Изменить» and «Удалить», whose labels name it by `subject` («филиал Москва»).
 */
export function SettingsListItem({
  subject,
  testId,
  alignTop = false,
  onEdit,
  onDelete,
  children,
}: {
  subject: string;
  testId: string;
  /** Buttons level with the first line, for an item of many lines. */
  alignTop?: boolean;
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
}) {
  return (
    <li className={cn('flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:justify-between', alignTop ? 'sm:items-start' : 'sm:items-center')} data-testid={testId}>
      <div className="min-w-0 space-y-1 text-sm">{children}</div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Изменить ${subject}`}>
          <Pencil aria-hidden />
          Изменить
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Удалить ${subject}`}>
          <Trash2 aria-hidden />
          Удалить
        </Button>
      </div>
    </li>
  );
}

/**
 * A settings form on the server's values: they replace the form once loaded (and after a save
 * elsewhere), while what the admin is typing is kept.
 */
export function useSettingsForm<T extends FieldValues>(schema: z.ZodType, values: T) {
  return useForm<T>({
    resolver: formResolver<T>(schema),
    defaultValues: values as DefaultValues<T>,
    values,
    resetOptions: { keepDirtyValues: true },
  });
}

/**
 * A settings form's save: the form takes the saved values (`reset`) and «Настройки сохранены»
 * says `saved`; a refusal puts the server's messages under the fields and «Ошибка сохранения»
 * says `failed` with the reason.
 */
export function settingsSaveToasts<T, F extends FieldValues>(options: {
  reset: (saved: T) => void;
  saved: string;
  failed: string;
  fields: readonly Path<F>[];
  setError: UseFormSetError<F>;
}): MutationCallbacks<T, F> {
  return {
    onSuccess: (saved) => {
      options.reset(saved);
      toast({ title: 'Настройки сохранены', description: options.saved, variant: 'success' });
    },
    onError: (error) => {
      applyServerErrors(error, options.fields, options.setError);
      toast({ title: 'Ошибка сохранения', description: `${options.failed}: ${error.message}`, variant: 'destructive' });
    },
  };
}
