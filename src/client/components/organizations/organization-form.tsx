import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { lookupOrganization, organizationsQuery, useCreateOrganization, useUpdateOrganization } from '#client/lib/organizations.ts';
import type { Organization, OrganizationFound } from '#shared/organizations.ts';
import { innValid } from '#shared/requisites.ts';
import { OrganizationSchema, type OrganizationInput, type OrganizationValues } from '#shared/schemas/organization.ts';
import { DialogFormFooter } from '#client/components/dialog-form-footer.tsx';

/** In the order the form shows them: the first field the server refuses takes the focus. */
const FIELDS = ['inn', 'kpp', 'name', 'ogrn', 'legalAddress', 'bik', 'account', 'correspondentAccount'] as const;
type Field = (typeof FIELDS)[number];

const EMPTY: Record<Field, string> = { name: '', inn: '', kpp: '', ogrn: '', legalAddress: '', bik: '', account: '', correspondentAccount: '' };

const toInput = (o: Organization): Record<Field, string> => ({
  name: o.name,
  inn: o.inn,
  kpp: o.kpp ?? '',
  ogrn: o.ogrn,
  legalAddress: o.legalAddress,
  bik: o.bik ?? '',
  account: o.account ?? '',
  correspondentAccount: o.correspondentAccount ?? '',
});

/** The fields a look-up may fill, as the message about it names them. */
const FILLABLE = [
  ['name', () => 'название'],
  ['kpp', () => 'КПП'],
  ['ogrn', (value: string) => (value.length === 15 ? 'ОГРНИП' : 'ОГРН')],
  ['legalAddress', () => 'юридический адрес'],
] as const satisfies readonly (readonly [keyof OrganizationFound, (value: string) => string])[];

type Lookup = { state: 'idle' } | { state: 'searching' } | { state: 'done'; text: string; warning: string | null } | { state: 'failed'; text: string };

export type OrganizationFormProps = {
  /** The organisation being edited; without it a new one is added. */
  organization?: Organization;
  /** What a new organisation's fields start with. */
  initialValues?: Partial<Record<Field, string>>;
  /** After the server has saved it: the organisation as saved. */
  onSaved: (organization: Organization) => void;
  /** Shows «Отмена» beside the save button. */
  onCancel?: () => void;
};

/**
 * An organisation's requisites, checked with the server's own schema as they are typed, the
 * server's field errors shown under their fields; nothing typed is lost when saving fails. With
 * DaData configured on the server, a complete valid ИНН fills the fields still empty.
 */
export function OrganizationForm({ organization, initialValues, onSaved, onCancel }: OrganizationFormProps) {
  const prefix = useId();
  const innLookup = useQuery(organizationsQuery()).data?.innLookup === true;
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const saving = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<OrganizationInput, unknown, OrganizationValues>({
    resolver: zodResolver(OrganizationSchema),
    defaultValues: organization ? toInput(organization) : { ...EMPTY, ...initialValues },
  });

  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  // The ИНН last asked about (an edited organisation's own is not asked again) and the request under way.
  const lookedUp = useRef(organization?.inn ?? '');
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  const fill = (found: OrganizationFound, warning: string | null) => {
    const filled: string[] = [];
    let kept = false;
    for (const [field, label] of FILLABLE) {
      const value = found[field];
      if (!value) continue;
      if (String(getValues(field) ?? '').trim()) {
        kept ||= String(getValues(field)).trim() !== value;
        continue;
      }
      setValue(field, value, { shouldDirty: true, shouldValidate: getFieldState(field).invalid });
      filled.push(label(value));
    }
    const text = filled.length
      ? `По ИНН заполнено: ${filled.join(', ')}.${kept ? ' Поля, которые вы уже заполнили, не изменены.' : ''}`
      : `Найдено: ${found.name}. Поля уже заполнены, мы их не меняли.`;
    setLookup({ state: 'done', text, warning });
  };

  const lookUp = (typed: string) => {
    const inn = typed.trim();
    if (!innLookup || inn === lookedUp.current) return;
    pending.current?.abort();
    pending.current = null;
    if (!innValid(inn)) {
      setLookup({ state: 'idle' });
      return;
    }
    lookedUp.current = inn;
    const controller = new AbortController();
    pending.current = controller;
    setLookup({ state: 'searching' });
    lookupOrganization(inn, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return;
        if (result.found) fill(result.fields, result.warning);
        else setLookup({ state: 'failed', text: result.message });
      },
      (error: Error) => {
        if (controller.signal.aborted) return;
        // Asked again on the next change: DaData may answer then.
        lookedUp.current = '';
        setLookup({ state: 'failed', text: error.message });
      },
    );
  };

  const onError = (error: Error) => {
    applyServerErrors<OrganizationInput>(error, FIELDS, setError);
    toast({ title: 'Не удалось сохранить организацию', description: error.message, variant: 'destructive' });
  };
  const onSubmit = handleSubmit((values) => {
    if (organization) update.mutate({ id: organization.id, patch: values }, { onSuccess: onSaved, onError });
    else create.mutate(values, { onSuccess: onSaved, onError });
  });

  const control = (name: Field, { required = false, hint }: { required?: boolean; hint?: string } = {}) => ({
    ...fieldControlProps(`${prefix}-${name}`, { hint, error: errors[name]?.message, required }),
    ...register(name),
  });
  const field = (name: Field) => ({ htmlFor: `${prefix}-${name}`, error: errors[name]?.message });
  const digits = { inputMode: 'numeric' as const, autoComplete: 'off', spellCheck: false };

  const innRegistration = control('inn', { required: true });
  const kppHint = 'Только у организации; у ИП КПП нет';

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={organization ? 'Изменение организации' : 'Новая организация'}>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="ИНН" required {...field('inn')}>
          <Input
            {...digits}
            {...innRegistration}
            onChange={(event) => {
              void innRegistration.onChange(event);
              lookUp(event.target.value);
            }}
          />
          {innLookup && <LookupStatus lookup={lookup} />}
        </FormField>
        <FormField label="КПП" hint={kppHint} {...field('kpp')}>
          <Input autoComplete="off" spellCheck={false} {...control('kpp', { hint: kppHint })} />
        </FormField>
      </div>
      <FormField label="Название" required {...field('name')}>
        <Input autoComplete="organization" placeholder="ООО «Стройинструмент»" {...control('name', { required: true })} />
      </FormField>
      <FormField label="ОГРН / ОГРНИП" required {...field('ogrn')}>
        <Input {...digits} {...control('ogrn', { required: true })} />
      </FormField>
      <FormField label="Юридический адрес" required {...field('legalAddress')}>
        <Textarea rows={2} className="min-h-16" autoComplete="off" placeholder="Индекс, город, улица, дом, офис" {...control('legalAddress', { required: true })} />
      </FormField>
      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 text-sm font-semibold">Банковские реквизиты (необязательно)</legend>
        <FormField label="БИК" className="sm:max-w-56" {...field('bik')}>
          <Input {...digits} {...control('bik')} />
        </FormField>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Расчётный счёт" {...field('account')}>
            <Input {...digits} {...control('account')} />
          </FormField>
          <FormField label="Корреспондентский счёт" {...field('correspondentAccount')}>
            <Input {...digits} {...control('correspondentAccount')} />
          </FormField>
        </div>
      </fieldset>
      <DialogFormFooter busy={saving} onCancel={onCancel}>
        {saving ? 'Сохранение...' : organization ? 'Сохранить' : 'Добавить организацию'}
      </DialogFormFooter>
    </form>
  );
}

/** What the look-up by ИНН is doing, said as it happens. */
function LookupStatus({ lookup }: { lookup: Lookup }) {
  return (
    <div role="status" className="grid gap-1 text-sm empty:hidden">
      {lookup.state === 'idle' && <p className="text-muted-foreground">Название, КПП, ОГРН и адрес заполнятся по ИНН</p>}
      {lookup.state === 'searching' && (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Ищем организацию по ИНН…
        </p>
      )}
      {lookup.state === 'done' && <p className="text-success">{lookup.text}</p>}
      {lookup.state === 'done' && lookup.warning && <p className="font-medium text-warning">{lookup.warning}</p>}
      {lookup.state === 'failed' && <p className="font-medium text-warning">{lookup.text}</p>}
    </div>
  );
}
