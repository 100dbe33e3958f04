import { Clock, MapPin, Phone } from 'lucide-react';
import { cn, telHref } from '#client/lib/utils.ts';
import { mapHref, type Branch } from './branches.ts';

/** A branch's address (opens the map), phone and hours: the same on «О компании» and «Контакты». */
export function BranchAddress({ branch, className }: { branch: Branch; className?: string }) {
  return (
    <address className={cn('space-y-2 text-sm not-italic', className)}>
      <p className="flex items-start gap-2">
        <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <a href={mapHref(branch.address)} target="_blank" rel="noopener noreferrer" className="underline-offset-4 hover:text-primary hover:underline">
          {branch.address}
          <span className="sr-only"> (открыть на карте в новой вкладке)</span>
        </a>
      </p>
      <p className="flex items-center gap-2">
        <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <a href={telHref(branch.phone)} className="font-medium underline-offset-4 hover:text-primary hover:underline">
          {branch.phone}
        </a>
      </p>
      <p className="flex items-start gap-2">
        <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span>{branch.hours}</span>
      </p>
    </address>
  );
}
