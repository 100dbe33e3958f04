import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiError } from '#client/lib/api.ts';
import type { Organization } from '#shared/organizations.ts';
import { OrganizationSchema, type OrganizationInput, type OrganizationValues } from '#shared/schemas/organization.ts';
import { createOrganization, organizationsQuery } from './api.ts';
import { BusyLabel } from '#client/components/busy-label.tsx';

const FIELDS = ['name', 'inn', 'kpp', 'ogrn', 'legalAddress'] as const;
type Field = (typeof FIELDS)[number];
const KPP_HINT = 'Нет у ИП';

export type OrganizationInlineFormProps = {
  /** The organisation was saved: the checkout chooses it. */
  onCreated: (organization: Organization) => void;
  /** Offered when the customer has organisations to choose from instead. */
  onCancel?: () => void;
};

/**
 * «Новая организация» right at checkout: the requisites an order and its invoice need (bank
 * details are optional and left to the profile), checked with the server's schema as typed and
 * saved with POST /api/organizations. It sits inside the checkout's form, so it is no `<form>` of
 * its own: its button and Enter in its fields save it and never place the order.
 */
export function OrganizationInlineForm({ onCreated, onCancel }: OrganizationInlineFormProps) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OrganizationInput, unknown, OrganizationValues>({
    resolver: zodResolver(OrganizationSchema),
    defaultValues: { name: '', inn: '', kpp: '', ogrn: '', legalAddress: '' },
  });
  const create = useMutation({
    mutationFn: createOrganization,
    onSuccess: async (organization) => {
      await queryClient.invalidateQueries({ queryKey: organizationsQuery().queryKey });
      onCreated(organization);
    },
    onError: (error) => {
      applyServerErrors<OrganizationInput>(error, FIELDS, setError);
      // A refusal of no single field (the list is full, the session ended) is said here.
      setFailure(error instanceof ApiError && !error.errors ? error.message || 'Не удалось сохранить организацию' : null);
    },
  });

  const save = () => {
    setFailure(null);
    void handleSubmit((values) => create.mutate(values))();
  };
  const saveOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    save();
  };

  const id = (name: Field) => `checkout-organization-${name}`;
  const field = (name: Field, { required = true, hint }: { required?: boolean; hint?: string } = {}) => ({
    ...fieldControlProps(id(name), { error: errors[name]?.message, required, hint }),
    ...register(name),
  });

  return (
    <div role="group" aria-labelledby="checkout-organization-new" className="grid gap-4 rounded-lg border border-dashed p-4" onKeyDown={saveOnEnter}>
      <p id="checkout-organization-new" className="font-medium">
        Новая организация
      </p>
      <FormField label="Название" htmlFor={id('name')} required error={errors.name?.message}>
        <Input autoComplete="organization" placeholder="ООО «Ромашка»" {...field('name')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="ИНН" htmlFor={id('inn')} required error={errors.inn?.message}>
          <Input inputMode="numeric" autoComplete="off" {...field('inn')} />
        </FormField>
        <FormField label="КПП" htmlFor={id('kpp')} hint={KPP_HINT} error={errors.kpp?.message}>
          <Input autoComplete="off" {...field('kpp', { required: false, hint: KPP_HINT })} />
        </FormField>
        <FormField label="ОГРН или ОГРНИП" htmlFor={id('ogrn')} required error={errors.ogrn?.message}>
          <Input inputMode="numeric" autoComplete="off" {...field('ogrn')} />
        </FormField>
      </div>
      <FormField label="Юридический адрес" htmlFor={id('legalAddress')} required error={errors.legalAddress?.message}>
        <Input autoComplete="off" placeholder="Индекс, город, улица, дом" {...field('legalAddress')} />
      </FormField>
      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={save} disabled={create.isPending}>
          <BusyLabel busy={create.isPending} icon={Save} busyText="Сохраняем...">Сохранить организацию</BusyLabel>
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel} disabled={create.isPending}>
            Отмена
          </Button>
        )}
      </div>
    </div>
  );
}
