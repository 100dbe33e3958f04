import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '#client/lib/utils.ts';
import { styled } from './styled.tsx';

export const alertVariants = cva(
  [
    'relative grid w-full grid-cols-[0_1fr] items-start gap-y-1 rounded-lg border px-4 py-3 text-sm',
    'has-[>svg]:grid-cols-[calc(var(--spacing)*5)_1fr] has-[>svg]:gap-x-3 [&>svg]:size-5 [&>svg]:translate-y-px [&>svg]:text-current',
  ],
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground [&>svg]:text-muted-foreground',
        destructive: 'border-destructive/30 bg-destructive-muted text-destructive',
        warning: 'border-warning/30 bg-warning-muted text-warning',
        success: 'border-success/30 bg-success-muted text-success',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/**
 * A message box. Put an optional lucide icon first, then AlertTitle and AlertDescription.
 * Role: 'alert' for the destructive variant (announced at once), 'status' otherwise;
 * pass `role` to override (e.g. `role={undefined}` for static page notices).
 */
export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      data-slot="alert"
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      // A `role` given by the caller (even undefined) replaces the default.
      {...props}
    />
  );
}

export const AlertTitle = styled('div', 'alert-title', 'col-start-2 leading-snug font-semibold');

export const AlertDescription = styled(
  'div',
  'alert-description',
  'col-start-2 text-foreground/85 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_p+p]:mt-1',
);
