import type { LucideIcon } from 'lucide-react';
import { Spinner } from '#client/components/ui/spinner.tsx';

/** A tab's list is loading: a spinner with what is coming, on the card colour so it shows. */
export function TabLoading({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex items-center justify-center gap-3 rounded-lg border bg-card p-10 text-sm text-muted-foreground">
      <Spinner label={label} />
      <span aria-hidden>{label}…</span>
    </div>
  );
}

/** A tab with nothing to list yet: what would be here and how it gets here. */
export function TabEmpty({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card p-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-semibold">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
