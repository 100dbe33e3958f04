import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

export type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  text: string;
  /** What would fill it: a button or a link. */
  children?: ReactNode;
};

/** A list with nothing in it: its icon, what is missing and what would bring it here; `className` frames it. */
export function EmptyState({ icon: Icon, title, text, children, className }: EmptyStateProps & { className?: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-2 p-10 text-center', className)}>
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-semibold">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}

/** A page's or tab's list with nothing in it, or nothing found, on the card colour in a dashed frame. */
export function EmptyPanel({ className, ...props }: EmptyStateProps & { className?: string }) {
  return <EmptyState className={cn('rounded-lg border border-dashed bg-card', className)} {...props} />;
}
