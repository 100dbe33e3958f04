import { useQuery } from '@tanstack/react-query';
import { formatPhone } from '#shared/phone.ts';
import { Icon } from '#client/components/ui/icon.tsx';
import { Link } from 'react-router';
import { Logo } from '#client/components/layout/logo.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { publicSettingsQuery } from '#client/lib/settings.ts';
import { telHref } from '#client/lib/utils.ts';
import { paths } from '#client/paths.ts';

/**
 * What visitors and customers see while the shop is in maintenance mode (status 503 from the
 * server); staff can still log in at /auth and use everything (decisions.md, "Other").
 */
export function MaintenancePage({ withLogo = true }: { withLogo?: boolean }) {
  const settings = useQuery(publicSettingsQuery());
  // The root loader has fetched the settings before it answers 503; without them only the notice shows.
  const shop = settings.data?.shop;
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      {withLogo && shop && <Logo name={shop.shopName} />}
      <span className="flex size-16 items-center justify-center rounded-full bg-accent text-primary">
        <Icon name="wrench" className="size-8" />
      </span>
      <h1 className="max-w-xl text-3xl leading-tight font-extrabold">Магазин временно закрыт на техническое обслуживание</h1>
      <p className="max-w-xl text-lg text-muted-foreground">
        Мы обновляем сайт и скоро вернёмся. Пожалуйста, зайдите немного позже. Если вам срочно нужен инструмент или консультация,
        позвоните или напишите нам.
      </p>
      {shop && (
      <address className="grid gap-2 text-sm not-italic">
        <a href={telHref(shop.contactPhone)} className="flex items-center justify-center gap-2 text-base font-semibold hover:text-primary">
          <Icon name="phone" className="size-4" />
          {formatPhone(shop.contactPhone)}
        </a>
        <a href={`mailto:${shop.contactEmail}`} className="flex items-center justify-center gap-2 hover:text-primary">
          <Icon name="mail" className="size-4" />
          {shop.contactEmail}
        </a>
        {shop.workingHours && (
          <p className="flex items-center justify-center gap-2 text-muted-foreground">
            <Icon name="clock" className="size-4" />
            {shop.workingHours}
          </p>
        )}
      </address>
      )}
      <Button asChild variant="outline" size="sm">
        <Link to={paths.auth}>Вход для сотрудников</Link>
      </Button>
    </div>
  );
}
