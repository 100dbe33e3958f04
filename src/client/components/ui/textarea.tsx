import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';
import { controlClassName } from '#client/components/ui/input.tsx';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(controlClassName, 'min-h-24 resize-y px-3 py-2 leading-relaxed', className)}
      {...props}
    />
  );
}
