import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge.ts';

const BUTTON_SM = 'inline-flex shrink-0 items-center gap-2 rounded-md text-sm font-medium whitespace-nowrap [&_svg]:shrink-0 bg-primary h-10 px-3 md:h-9';

describe('mergeClasses', () => {
  it('lets a later class of the same family win, under the same variants only', () => {
    expect(mergeClasses(`${BUTTON_SM} h-auto min-h-10 w-full px-2 py-1.5 text-xs leading-tight whitespace-normal max-sm:[&_.icon]:hidden`)).toBe(
      'inline-flex shrink-0 items-center gap-2 rounded-md font-medium [&_svg]:shrink-0 bg-primary md:h-9 h-auto min-h-10 w-full px-2 py-1.5 text-xs leading-tight whitespace-normal max-sm:[&_.icon]:hidden',
    );
    expect(mergeClasses(`${BUTTON_SM} hidden md:inline-flex`)).toBe(
      'shrink-0 items-center gap-2 rounded-md text-sm font-medium whitespace-nowrap [&_svg]:shrink-0 bg-primary h-10 px-3 md:h-9 hidden md:inline-flex',
    );
    expect(mergeClasses('h-10 px-3 md:h-9 h-10 min-w-7 px-1 sm:px-2 md:h-10')).toBe('h-10 min-w-7 px-1 sm:px-2 md:h-10');
  });

  it('tells colours from sizes and widths', () => {
    expect(mergeClasses('text-sm text-foreground text-base text-header-foreground')).toBe('text-base text-header-foreground');
    expect(mergeClasses('border border-input bg-background border-zinc-500 bg-transparent')).toBe('border border-zinc-500 bg-transparent');
    expect(mergeClasses('rounded-lg border border-border border-l-4 border-l-success')).toBe('rounded-lg border border-border border-l-4 border-l-success');
    expect(mergeClasses('text-xs font-semibold border-border font-medium text-[11px]')).toBe('border-border font-medium text-[11px]');
  });

  it('knows the shorthands that replace their parts', () => {
    expect(mergeClasses('px-4 pt-2 p-1')).toBe('p-1');
    expect(mergeClasses('w-4 h-4 size-6')).toBe('size-6');
    expect(mergeClasses('shrink-0 flex-1 sm:flex-none')).toBe('flex-1 sm:flex-none');
    expect(mergeClasses('text-lg leading-snug font-semibold text-2xl')).toBe('font-semibold text-2xl');
    expect(mergeClasses('top-2 left-2 inset-0')).toBe('inset-0');
  });

  it('keeps what it does not know, and classes of different families side by side', () => {
    expect(mergeClasses('group tabular-nums container-page flex flex-col items-center')).toBe('group tabular-nums container-page flex flex-col items-center');
    expect(mergeClasses('whitespace-nowrap max-w-44 truncate')).toBe('whitespace-nowrap max-w-44 truncate');
    expect(mergeClasses('-translate-y-1/2 translate-y-0 data-[state=open]:animate-in')).toBe('translate-y-0 data-[state=open]:animate-in');
  });
});
