import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { toast } from '#client/components/ui/toast-store.ts';
import { LoadError } from '#client/features/admin/components/load-error.tsx';
import { formatDateTime } from '#shared/dates.ts';
import { formatRubExact } from '#shared/money.ts';
import type { SupplierOfferView } from '#shared/types.ts';
import { productOffersQuery, useChoosePriceSource } from './api.ts';
import { Section, type ProductFormApi } from './product-form-parts.tsx';

const money = (roubles: number | null) => (roubles === null ? '—' : formatRubExact(roubles));

/** One offer: the radio «Цена от этого поставщика» and what the supplier's last list said. */
function OfferRow({ offer, name, pending, onChoose }: { offer: SupplierOfferView; name: string; pending: boolean; onChoose: () => void }) {
  const id = `${name}-${offer.supplierId}`;
  return (
    <li className="grid gap-2 rounded-md border p-3 data-[source=true]:border-primary" data-source={offer.isPriceSource} data-testid="supplier-offer">
      <div className="flex items-center gap-2">
        <input
          type="radio"
          id={id}
          name={name}
          className="size-4 accent-primary"
          checked={offer.isPriceSource}
          disabled={pending}
          onChange={onChoose}
        />
        <label htmlFor={id} className="text-sm font-medium">
          {offer.supplierName} <span className="text-muted-foreground">({offer.supplierCode})</span>
          <span className="sr-only">: цена от этого поставщика</span>
        </label>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        <div className="min-w-0">
          <dt className="text-muted-foreground">Артикул</dt>
          <dd className="break-all">{offer.supplierSku ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Закупка</dt>
          <dd>{money(offer.purchasePrice)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Цена</dt>
          <dd>{money(offer.price)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Остаток</dt>
          <dd>{offer.stock ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Обновлено</dt>
          <dd>{formatDateTime(offer.updatedAt)}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * «Поставщики»: each supplier's offer of the product (from their price lists) and the choice of
 * the one that sets the price. The choice is saved at once; the form's price follows it, so a
 * later «Сохранить» keeps it.
 */
export function SupplierOffersSection({ form, productId }: { form: ProductFormApi; productId: number }) {
  const offers = useQuery(productOffersQuery(productId));
  const name = useId();
  const choose = useChoosePriceSource(productId, {
    onSuccess: (list) => {
      const source = list.find((o) => o.isPriceSource);
      if (source?.price !== null && source?.price !== undefined) form.resetField('price', { defaultValue: String(source.price).replace('.', ',') });
      toast({ title: 'Цена теперь от поставщика', description: source?.supplierName ?? '', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Не удалось выбрать поставщика', description: error.message, variant: 'destructive' }),
  });
  if (offers.isError) return <LoadError title="Не удалось загрузить предложения поставщиков" error={offers.error} onRetry={() => void offers.refetch()} />;
  if (!offers.data || offers.data.length === 0) return null;
  return (
    <Section title="Поставщики" description="Предложения из прайс-листов. Цену товара задаёт выбранный поставщик; остатки поставщиков — для справки.">
      <fieldset className="grid gap-3" aria-busy={choose.isPending}>
        <legend className="mb-2 flex items-center gap-2 text-sm font-medium">
          Цена от этого поставщика
          {choose.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
        </legend>
        <ul className="grid gap-3">
          {offers.data.map((offer) => (
            <OfferRow key={offer.supplierId} offer={offer} name={name} pending={choose.isPending} onChoose={() => choose.mutate(offer.supplierId)} />
          ))}
        </ul>
      </fieldset>
    </Section>
  );
}
