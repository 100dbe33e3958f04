import type { ComponentProps } from 'react';
import { NativeSelect } from '#client/components/ui/select.tsx';

type PriceType = { id: string; name: string };

/**
 * The price types 1C sent, and the one `chosen` before if 1C no longer sends it (named by its
 * id): it stays choosable, so saving does not drop it.
 */
export const priceTypeChoices = (sent: readonly PriceType[], chosen: string | null | undefined): readonly PriceType[] =>
  chosen && !sent.some((t) => t.id === chosen) ? [...sent, { id: chosen, name: chosen }] : sent;

/** A choice of one of `types`, «Не выбран» first. */
export function PriceTypeSelect({ types, ...props }: Omit<ComponentProps<typeof NativeSelect>, 'children'> & { types: readonly PriceType[] }) {
  return (
    <NativeSelect {...props}>
      <option value="">Не выбран</option>
      {types.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </NativeSelect>
  );
}
