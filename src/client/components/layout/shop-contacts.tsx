import { Icon } from '#client/components/ui/icon.tsx';
import { formatPhone } from '#shared/phone.ts';
import { cn, telHref } from '#client/lib/utils.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';

type ShopContactsProps = {
  shop: ShopSettings;
  className?: string;
  /** The phone stands out: its colour and weight where the block sits. */
  phoneClassName?: string;
  linkClassName?: string;
};

/** The shop's phone, e-mail, address and hours from the shop settings (footer, burger panel). */
export function ShopContacts({ shop, className, phoneClassName, linkClassName }: ShopContactsProps) {
  return (
    <address className={cn('space-y-2 text-sm not-italic', className)}>
      <a href={telHref(shop.contactPhone)} className={cn('flex items-center gap-2', phoneClassName)}>
        <Icon name="phone" className="size-4" />
        {formatPhone(shop.contactPhone)}
      </a>
      <a href={`mailto:${shop.contactEmail}`} className={cn('flex items-center gap-2', linkClassName)}>
        <Icon name="mail" className="size-4" />
        {shop.contactEmail}
      </a>
      <p className="flex items-start gap-2">
        <Icon name="map-pin" className="mt-0.5 size-4 shrink-0" />
        {shop.address}
      </p>
      <p className="flex items-center gap-2">
        <Icon name="clock" className="size-4" />
        {shop.workingHours}
      </p>
    </address>
  );
}
