import { cn } from '#client/lib/utils.ts';
import type { IconName } from './icon-names.ts';

/**
 * A decorative icon drawn by the stylesheet (`icons.css`: the lucide shape, a view of the one sprite
 * `icons.svg`, as a mask in the current text colour, 1rem unless a size class says otherwise). One
 * element, no SVG in the page and no script: product lists repeat the same few icons dozens of times.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span aria-hidden className={cn('icon', `icon-${name}`, className)} />;
}
