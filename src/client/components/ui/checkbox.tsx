import type { ComponentProps } from 'react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { Check, Minus } from 'lucide-react';
import { styled } from './styled.tsx';

const CheckboxRoot = styled(
  CheckboxPrimitive.Root,
  'checkbox',
  'peer group relative size-5 shrink-0 rounded-sm border border-input bg-background shadow-xs transition-colors',
  // Larger invisible hit area for touch without changing the layout.
  'after:absolute after:-inset-2.5',
  'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
  'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
  'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
);

export function Checkbox(props: ComponentProps<typeof CheckboxRoot>) {
  return (
    <CheckboxRoot {...props}>
      <CheckboxPrimitive.Indicator
        data-slot="checkbox-indicator"
        className="flex items-center justify-center text-current"
      >
        <Check className="size-4 group-data-[state=indeterminate]:hidden" strokeWidth={3} aria-hidden="true" />
        <Minus className="hidden size-4 group-data-[state=indeterminate]:block" strokeWidth={3} aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxRoot>
  );
}
