import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhone } from '#shared/phone.ts';
import { Clock, Mail, MapPin, Phone, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import type { MetaFn } from '#client/lib/page.ts';
import { paths } from '#client/paths.ts';
import { ContactMessageSchema, type ContactMessageInput } from '#shared/schemas/contact.ts';
import { useSendContactMessage } from './api.ts';
import { BranchAddress } from './branch-address.tsx';
import { BranchesSection, CompanyPage, useCompany } from './company-page.tsx';
import { organizationJsonLd } from './organization-ld.ts';
import { branchKind } from '#client/lib/branch-details.ts';
import { branchesQuery } from '#client/lib/branches.ts';
import { telHref } from '#client/lib/utils.ts';

export const meta: MetaFn = ({ settings, queryClient, url }) => ({
  title: 'Контакты',
  jsonLd: [organizationJsonLd(settings, queryClient.getQueryData(branchesQuery().queryKey) ?? [], url.origin)],
  description: `Контакты ${settings.shop.shopName}: телефон ${formatPhone(settings.shop.contactPhone)}, e-mail ${settings.shop.contactEmail}, адреса филиалов в ${(queryClient.getQueryData(branchesQuery().queryKey) ?? []).map((b) => b.cityIn).join(', ')}.`,
});

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type FieldName = (typeof FIELDS)[number];

const EMPTY: ContactMessageInput = { name: '', email: '', phone: '', message: '' };

function ContactForm() {
  const form = useForm({ resolver: zodResolver(ContactMessageSchema), defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = form;

  const send = useSendContactMessage({
    onSuccess: () => {
      reset(EMPTY);
      toast({ title: 'Сообщение отправлено', description: 'Мы ответим вам в ближайшее рабочее время', variant: 'success' });
    },
    onError: (error) => {
      applyServerErrors<ContactMessageInput>(error, FIELDS, setError);
      toast({ title: 'Не удалось отправить сообщение', description: error.message, variant: 'destructive' });
    },
  });

  const onSubmit = handleSubmit((data) => send.mutate(data));

  const control = (name: FieldName) => ({
    ...fieldControlProps(`contact-${name}`, { error: errors[name]?.message, required: true }),
    ...register(name),
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Форма обратной связи">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Ваше имя" htmlFor="contact-name" required error={errors.name?.message}>
          <Input autoComplete="name" {...control('name')} />
        </FormField>
        <FormField label="Телефон" htmlFor="contact-phone" required error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" inputMode="tel" placeholder="+7 900 000-00-00" {...control('phone')} />
        </FormField>
      </div>
      <FormField label="Email" htmlFor="contact-email" required error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...control('email')} />
      </FormField>
      <FormField label="Сообщение" htmlFor="contact-message" required error={errors.message?.message}>
        <Textarea rows={6} placeholder="Чем мы можем помочь?" {...control('message')} />
      </FormField>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
          <Send aria-hidden />
          {send.isPending ? 'Отправка...' : 'Отправить сообщение'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        Нажимая «Отправить сообщение», вы даёте согласие на обработку персональных данных в соответствии с{' '}
        <Link to={paths.privacy} className="font-medium text-primary underline underline-offset-4">
          политикой обработки персональных данных
        </Link>
        .
      </p>
    </form>
  );
}

function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-accent text-primary">{icon}</span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="font-medium break-words">{children}</p>
      </div>
    </li>
  );
}

export function Component() {
  const { shop, branches } = useCompany();

  return (
    <CompanyPage title="Контакты">
      <header className="mt-6 max-w-3xl space-y-3">
        <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl">Контакты</h1>
        <p className="text-lg text-muted-foreground">
          Позвоните, напишите или приезжайте в ближайший филиал — поможем подобрать инструмент, оформить заказ и
          решить вопрос по гарантии.
        </p>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="contacts-main">
          <Card className="h-full">
            <CardHeader>
              <CardTitle as="h2" id="contacts-main">
                {shop.shopName}
              </CardTitle>
              <CardDescription>Единая справочная служба и головной офис</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-5">
                <ContactLine icon={<Phone className="size-5" aria-hidden />} label="Телефон">
                  <a href={telHref(shop.contactPhone)} className="text-lg hover:text-primary hover:underline">
                    {formatPhone(shop.contactPhone)}
                  </a>
                </ContactLine>
                <ContactLine icon={<Mail className="size-5" aria-hidden />} label="Email">
                  <a href={`mailto:${shop.contactEmail}`} className="hover:text-primary hover:underline">
                    {shop.contactEmail}
                  </a>
                </ContactLine>
                <ContactLine icon={<MapPin className="size-5" aria-hidden />} label="Адрес">
                  {shop.address}
                </ContactLine>
                {shop.workingHours && (
                  <ContactLine icon={<Clock className="size-5" aria-hidden />} label="Часы работы">
                    {shop.workingHours}
                  </ContactLine>
                )}
              </ul>
            </CardContent>
          </Card>
        </section>

        <section aria-labelledby="contacts-form">
          <Card>
            <CardHeader>
              <CardTitle as="h2" id="contacts-form">
                Напишите нам
              </CardTitle>
              <CardDescription>Все поля обязательны. Ответим по e-mail или перезвоним в рабочее время.</CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm />
            </CardContent>
          </Card>
        </section>
      </div>

      <BranchesSection id="contacts-branches" title="Филиалы" className="mt-12" branches={branches}
        intro="В филиалах можно купить инструмент и бесплатно забрать заказ с сайта. Адрес открывает место филиала на Яндекс Картах."
        card={(branch) => (
          <>
            <h3 className="font-semibold">
              {branch.city}
              <span className="ml-2 text-sm font-normal text-muted-foreground">{branchKind(branch)}</span>
            </h3>
            <BranchAddress branch={branch} className="mt-3" />
          </>
        )}
      />
    </CompanyPage>
  );
}
