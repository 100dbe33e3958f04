import { BadgePercent, Boxes, Handshake, ShieldCheck, Truck, Wrench } from 'lucide-react';
import { formatPhone } from '#shared/phone.ts';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import type { MetaFn } from '#client/lib/page.ts';
import { paths } from '#client/paths.ts';
import { BranchAddress } from './branch-address.tsx';
import { BranchesSection, CompanyPage, useCompany } from './company-page.tsx';
import { organizationJsonLd } from './organization-ld.ts';
import { branchKind, branchServices } from '#client/lib/branch-details.ts';
import { branchesQuery } from '#client/lib/branches.ts';
import { telHref } from '#client/lib/utils.ts';
import { HeadedSection } from '#client/components/ui/headed-section.tsx';

export const meta: MetaFn = ({ settings, queryClient, url }) => ({
  title: 'О компании',
  jsonLd: [organizationJsonLd(settings, queryClient.getQueryData(branchesQuery().queryKey) ?? [], url.origin)],
  description: `${settings.shop.shopName} — официальный дилер DCK и P.I.T: профессиональный электро- и ручной инструмент, сервисный центр, опт и розница, филиалы в ${(queryClient.getQueryData(branchesQuery().queryKey) ?? []).map((b) => b.cityIn).join(', ')}.`,
});

type Advantage = { icon: ComponentType<SVGProps<SVGSVGElement>>; title: string; text: string };

const advantages: Advantage[] = [
  {
    icon: ShieldCheck,
    title: 'Официальный дилер',
    text: 'Работаем с производителями DCK и P.I.T напрямую: только оригинальный инструмент с гарантийным талоном и полным комплектом документов.',
  },
  {
    icon: Wrench,
    title: 'Собственный сервисный центр',
    text: 'Проводим гарантийный и платный ремонт, диагностику и техническое обслуживание. Держим на складе ходовые запчасти и расходники.',
  },
  {
    icon: Boxes,
    title: 'Склад и наличие',
    text: 'Основной ассортимент хранится на складе в Волгограде и в филиалах, поэтому большинство заказов собираем в день обращения.',
  },
  {
    icon: BadgePercent,
    title: 'Опт и розница',
    text: 'Продаём как частным мастерам, так и строительным и производственным компаниям. Для постоянных оптовых клиентов — индивидуальные условия.',
  },
  {
    icon: Truck,
    title: 'Доставка по России',
    text: 'Отправляем заказы транспортными компаниями и курьерской службой, а также выдаём их в любом из пяти филиалов.',
  },
  {
    icon: Handshake,
    title: 'Помощь в подборе',
    text: 'Менеджеры сами пользуются инструментом, который продают, и помогут подобрать модель под задачу, бюджет и объём работ.',
  },
];

export function Component() {
  const { shop, branches } = useCompany();

  return (
    <CompanyPage title="О компании">

      <header className="mt-6 max-w-3xl space-y-4">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">Официальный дилер DCK и P.I.T</p>
        <h1 className="text-3xl leading-tight font-extrabold sm:text-4xl">О компании {shop.shopName}</h1>
        <p className="text-lg leading-relaxed text-muted-foreground">
          Мы поставляем профессиональный электро- и ручной инструмент брендов DCK и P.I.T для строительства,
          ремонта и промышленного производства. Продаём оптом и в розницу, обслуживаем инструмент в собственном
          сервисном центре и работаем в пяти городах России.
        </p>
      </header>

      <section aria-labelledby="about-who" className="mt-12 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="max-w-3xl space-y-4 leading-relaxed">
          <h2 id="about-who" className="text-2xl font-bold">
            Кто мы
          </h2>
          <p>
            {shop.shopName} — официальный дилер производителей DCK и P.I.T. В нашем ассортименте перфораторы,
            дрели и шуруповёрты, угловые шлифовальные машины, пилы, строительные фены, измерительный инструмент,
            аккумуляторы и зарядные устройства, оснастка и ручной инструмент — всё, что нужно бригаде на объекте и
            мастеру в цеху.
          </p>
          <p>
            Наши клиенты — строительные и монтажные организации, производственные предприятия, частные мастера и
            все, кто ценит надёжный инструмент по разумной цене. Мы подбираем инструмент под конкретные задачи,
            комплектуем объекты и обеспечиваем сервисную поддержку на весь срок службы инструмента.
          </p>
          <p>
            Головной офис, основной склад и сервисный центр находятся в {branches[0]?.cityIn}. Филиалы в{' '}
            {branches
              .slice(1)
              .map((b) => b.cityIn)
              .join(', ')}{' '}
            принимают заказы, выдают покупки и принимают инструмент в ремонт.
          </p>
        </div>
        <ul className="grid content-start gap-3 sm:grid-cols-2 lg:grid-cols-1">
          <li className="rounded-lg border bg-muted p-5">
            <p className="text-3xl font-extrabold text-primary">2 бренда</p>
            <p className="mt-1 text-sm text-muted-foreground">DCK и P.I.T — официальные поставки с гарантией производителя</p>
          </li>
          <li className="rounded-lg border bg-muted p-5">
            <p className="text-3xl font-extrabold text-primary">5 городов</p>
            <p className="mt-1 text-sm text-muted-foreground">Головной офис в Волгограде и четыре филиала</p>
          </li>
          <li className="rounded-lg border bg-muted p-5 sm:col-span-2 lg:col-span-1">
            <p className="text-3xl font-extrabold text-primary">Сервис</p>
            <p className="mt-1 text-sm text-muted-foreground">Гарантийный и постгарантийный ремонт, запчасти и расходники</p>
          </li>
        </ul>
      </section>

      <HeadedSection id="about-advantages" title="Почему выбирают нас" headingClassName="text-2xl font-bold" className="mt-14">
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {advantages.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-lg border bg-card p-5 shadow-sm">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </HeadedSection>

      <BranchesSection id="about-branches" title="Наши филиалы" className="mt-14" branches={branches}
        intro="В каждом филиале можно купить инструмент, забрать заказ с сайта и получить консультацию специалиста."
        cardClassName="flex flex-col gap-3"
        card={(branch) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-lg font-semibold">{branch.city}</h3>
              <Badge variant={branchKind(branch) === 'Головной офис' ? 'default' : 'secondary'}>{branchKind(branch)}</Badge>
            </div>
            <BranchAddress branch={branch} />
            <ul className="mt-auto flex flex-wrap gap-1.5 pt-1" aria-label="Услуги филиала">
              {branchServices(branch).map((service) => (
                <li key={service}>
                  <Badge variant="outline" className="font-medium whitespace-normal">
                    {service}
                  </Badge>
                </li>
              ))}
            </ul>
          </>
        )}
      />

      <section
        aria-labelledby="about-cta"
        className="mt-14 flex flex-col gap-4 rounded-lg bg-header p-6 text-header-foreground sm:p-8 md:flex-row md:items-center md:justify-between"
      >
        <div className="space-y-1">
          <h2 id="about-cta" className="text-xl font-bold">
            Нужна помощь с выбором инструмента?
          </h2>
          <p className="text-header-muted">
            Позвоните по номеру{' '}
            <a href={telHref(shop.contactPhone)} className="font-semibold whitespace-nowrap text-header-foreground hover:underline">
              {formatPhone(shop.contactPhone)}
            </a>{' '}
            или напишите нам — ответим в рабочее время.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={paths.contacts}>Написать нам</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="border-zinc-500 bg-transparent text-header-foreground hover:bg-zinc-800">
            <Link to={paths.products}>Перейти в каталог</Link>
          </Button>
        </div>
      </section>
    </CompanyPage>
  );
}
