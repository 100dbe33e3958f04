import { Icon } from '#client/components/ui/icon.tsx';
import { lazy, Suspense, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useOpenHere } from '#client/lib/open-here.ts';
import type { ShellProps } from './types.ts';

const MobileMenuSheet = lazy(() => import('./mobile-menu-sheet.tsx'));

/** The burger menu of phones; its panel (and Radix Dialog) loads on the first tap, and it closes on route change. */
export function MobileMenu(props: ShellProps) {
  const [open, setOpen] = useOpenHere();
  const [requested, setRequested] = useState(false);

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Открыть меню"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <Icon name="menu" className="size-6" />
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <MobileMenuSheet {...props} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
