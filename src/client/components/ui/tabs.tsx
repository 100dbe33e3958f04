import { Tabs as TabsPrimitive } from 'radix-ui';
import { styled } from './styled.tsx';

export const Tabs = styled(TabsPrimitive.Root, 'tabs', 'flex flex-col gap-4');

export const TabsList = styled(
  TabsPrimitive.List,
  'tabs-list',
  'inline-flex w-full items-center gap-1 overflow-x-auto rounded-md bg-muted p-1 text-muted-foreground sm:w-fit',
);

export const TabsTrigger = styled(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  'inline-flex h-10 flex-1 items-center justify-center gap-2 rounded-sm px-3 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none md:h-9',
  'hover:text-foreground disabled:pointer-events-none disabled:opacity-50',
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
);

export const TabsContent = styled(TabsPrimitive.Content, 'tabs-content', 'flex-1 focus-visible:outline-offset-4');
