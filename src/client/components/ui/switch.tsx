import type { ComponentProps } from 'react';
import { Switch as SwitchPrimitive } from 'radix-ui';
import { styled } from './styled.tsx';

const SwitchRoot = styled(
  SwitchPrimitive.Root,
  'switch',
  'peer relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent shadow-xs transition-colors',
  'after:absolute after:-inset-2',
  'data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
  'disabled:cursor-not-allowed disabled:opacity-50',
);

export function Switch(props: ComponentProps<typeof SwitchRoot>) {
  return (
    <SwitchRoot {...props}>
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className="pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
      />
    </SwitchRoot>
  );
}
