import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list card with no rows: its icon, what is missing and what would bring rows here. */
export function CardEmpty({ icon: Icon, title, children }: { icon: LucideIcon; title: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 border-t p-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
