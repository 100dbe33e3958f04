import type { Key, ReactNode } from 'react';
import { Card } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/utils.ts';

/** Phones: a back-office list as one card per item, where wider screens show its table. */
export function PhoneCards<T>({
  items,
  itemKey,
  testId,
  className,
  cardClassName,
  children,
}: {
  items: readonly T[];
  itemKey: (item: T) => Key;
  /** Each card's `data-testid`. */
  testId: string;
  className?: string;
  cardClassName: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className={cn('grid gap-3 md:hidden', className)}>
      {items.map((item) => (
        <li key={itemKey(item)} data-testid={testId}>
          <Card className={cardClassName}>{children(item)}</Card>
        </li>
      ))}
    </ul>
  );
}
