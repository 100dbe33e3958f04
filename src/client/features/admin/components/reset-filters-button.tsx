import { X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/** «Сбросить» of a back-office list's filters: back to none, offered while some are chosen. */
export function ResetFiltersButton({ filtered, onReset, className }: { filtered: boolean; onReset: () => void; className?: string }) {
  return (
    <Button variant="outline" disabled={!filtered} onClick={onReset} className={className}>
      <X aria-hidden />
      Сбросить
    </Button>
  );
}
