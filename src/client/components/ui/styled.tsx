import type { ComponentProps, ElementType } from 'react';
import type { ClassValue } from 'clsx';
import { cn } from '#client/lib/utils.ts';

// The marks let the bundler drop the components a page does not use, as it did plain functions.

/**
 * A component that renders `element` marked with `data-slot` (the hook the shop's styles and tests
 * find it by) and given the base classes, which the caller's `className` may override. Props and
 * `ref` go through to the element.
 */
/* @__NO_SIDE_EFFECTS__ */
export function styled<E extends ElementType>(element: E, slot: string, ...classes: ClassValue[]) {
  return function Styled({ className, ...props }: ComponentProps<E> & { className?: string }) {
    const Element: ElementType = element;
    return <Element data-slot={slot} className={cn(...classes, className)} {...props} />;
  };
}

/** A Radix part marked with `data-slot` and nothing else (roots, triggers, portals: no classes of their own). */
/* @__NO_SIDE_EFFECTS__ */
export function slotted<E extends ElementType>(element: E, slot: string) {
  return function Slotted(props: ComponentProps<E>) {
    const Element: ElementType = element;
    return <Element data-slot={slot} {...props} />;
  };
}
