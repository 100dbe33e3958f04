import type { ReactNode } from 'react';

/** One framed block of a staff detail dialog (an order, a customer's card): a small title over its content. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-1.5 rounded-lg border p-3 text-sm">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  );
}
