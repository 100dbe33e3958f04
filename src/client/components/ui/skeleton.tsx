import type { ComponentProps } from 'react';
import { cn } from '#client/lib/utils.ts';

/** A grey placeholder block; hidden from assistive technology (mark the region aria-busy). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

/** Placeholder bars one under another, each of the size its classes give. */
export function SkeletonBars({ bars, className }: { bars: readonly string[]; className?: string }) {
  return (
    <div className={className}>
      {bars.map((bar, index) => (
        <Skeleton key={index} className={bar} />
      ))}
    </div>
  );
}
