import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

/** Shared look of text-like controls: input, textarea, native select, select trigger. */
export const controlClassName = cn(
  'w-full min-w-0 rounded-md border border-input bg-background text-base text-foreground shadow-xs md:text-sm',
  'transition-[color,border-color,box-shadow] placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60',
  'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30',
);

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        controlClassName,
        'h-11 px-3 py-2 md:h-10',
        'file:mr-3 file:inline-flex file:h-7 file:rounded-sm file:border-0 file:bg-secondary file:px-2 file:text-sm file:font-medium file:text-foreground',
        className,
      )}
      {...props}
    />
  );
}
