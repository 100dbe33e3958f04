import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';
import { styled } from './styled.tsx';

export const Card = styled('div', 'card', 'flex flex-col rounded-lg border bg-card text-card-foreground shadow-sm');

export const CardHeader = styled('div', 'card-header', 'flex flex-col gap-1.5 p-4 sm:p-6');

/** A heading; renders `<h3>` by default, pass `as` for another level. */
export function CardTitle({
  className,
  as: Heading = 'h3',
  ...props
}: ComponentProps<'h3'> & { as?: 'h1' | 'h2' | 'h3' | 'h4' | 'div' }) {
  return (
    <Heading
      data-slot="card-title"
      className={cn('text-lg leading-snug font-semibold', className)}
      {...props}
    />
  );
}

export const CardDescription = styled('p', 'card-description', 'text-sm text-muted-foreground');

export const CardContent = styled('div', 'card-content', 'p-4 pt-0 sm:p-6 sm:pt-0');

export const CardFooter = styled('div', 'card-footer', 'flex items-center gap-2 p-4 pt-0 sm:p-6 sm:pt-0');
