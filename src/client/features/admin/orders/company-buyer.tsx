import { taxIdsText, type OrderBuyerCompany } from '#shared/organizations.ts';

/** The organisation a company order was placed for, as it was then: staff see whom to invoice and ship to. */
export function CompanyBuyer({ buyer }: { buyer: OrderBuyerCompany }) {
  return (
    <div className="mb-1 grid gap-0.5 break-words" data-testid="order-company-buyer">
      <p className="font-semibold">{buyer.name}</p>
      <p>{taxIdsText(buyer)}</p>
      <p className="text-muted-foreground print:text-black">{buyer.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'} {buyer.ogrn}</p>
      <p className="text-muted-foreground print:text-black">{buyer.legalAddress}</p>
    </div>
  );
}
