import { Label as LabelPrimitive } from 'radix-ui';
import { styled } from './styled.tsx';

export const Label = styled(
  LabelPrimitive.Root,
  'label',
  'flex items-center gap-2 text-sm leading-tight font-medium text-foreground select-none',
  'peer-disabled:cursor-not-allowed peer-disabled:opacity-60 group-data-[disabled=true]:opacity-60',
);
