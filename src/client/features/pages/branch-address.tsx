import { Clock, MapPin, Phone } from 'lucide-react';
import { formatPhone } from '#shared/phone.ts';
import { mapHref } from '#client/lib/branch-details.ts';
import { cn, telHref } from '#client/lib/utils.ts';
import type { Branch } from '#shared/schemas/branches.ts';

/** A branch's address (opens its place on Yandex Maps), phone and hours: the same on «О компании» and «Контакты». */
export function BranchAddress({ branch, className }: { branch: Branch; className?: string }) {
  return (
    <address className={cn('space-y-2 text-sm not-italic', className)}>
      <p className="flex items-start gap-2">
        <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <a href={mapHref(branch)} target="_blank" rel="noopener noreferrer" className="underline-offset-4 hover:text-primary hover:underline">
          {branch.address}
          <span className="sr-only"> (открыть на Яндекс Картах в новой вкладке)</span>
        </a>
      </p>
      <p className="flex items-center gap-2">
        <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <a href={telHref(branch.phone)} className="font-medium underline-offset-4 hover:text-primary hover:underline">
          {formatPhone(branch.phone)}
        </a>
      </p>
      <p className="flex items-start gap-2">
        <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span>{branch.workingHours}</span>
      </p>
    </address>
  );
}
