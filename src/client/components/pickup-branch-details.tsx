import { telHref } from '#client/lib/utils.ts';
import { formatPhone } from '#shared/phone.ts';
import type { PickupBranch } from '#shared/types.ts';

/** Where a pickup order is collected: the branch's city and address, hours and phone. */
export function PickupBranchDetails({ branch }: { branch: PickupBranch }) {
  return (
    <address className="grid gap-1 text-sm not-italic" data-testid="pickup-branch">
      <span className="font-medium">Филиал в городе {branch.city}</span>
      <span className="break-words">{branch.address}</span>
      <span>Часы работы: {branch.workingHours}</span>
      <span>
        Телефон филиала:{' '}
        <a href={telHref(branch.phone)} className="whitespace-nowrap underline-offset-2 hover:underline">
          {formatPhone(branch.phone)}
        </a>
      </span>
    </address>
  );
}
