import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';

/** One tab of a page: its trigger's icon and label, and what it opens. */
export type AddressTab = { value: string; icon: LucideIcon; label: ReactNode; content: ReactNode };

/**
 * A page's tabs, the open one kept in the address (`?tab=`, none for the first), so that a reload
 * or a link opens it again; an unknown `tab` opens the first.
 */
export function AddressTabs({ tabs, label, className, listClassName }: { tabs: readonly AddressTab[]; label: string; className?: string; listClassName?: string }) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]!.value;
  const requested = params.get('tab');
  const tab = tabs.some((t) => t.value === requested) ? requested! : first;
  return (
    <Tabs value={tab} onValueChange={(value) => setParams(value === first ? {} : { tab: value }, { replace: true })} className={className}>
      <TabsList aria-label={label} className={listClassName}>
        {tabs.map(({ value, icon: Icon, label: text }) => (
          <TabsTrigger key={value} value={value}>
            <Icon aria-hidden />
            {text}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map(({ value, content }) => (
        <TabsContent key={value} value={value}>
          {content}
        </TabsContent>
      ))}
    </Tabs>
  );
}
