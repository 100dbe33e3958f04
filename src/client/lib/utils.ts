import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './class-merge.ts';

/** Joins class names (clsx syntax) and lets later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** `tel:` link of a phone number written for people. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
