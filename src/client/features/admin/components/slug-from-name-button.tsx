import { RefreshCw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

/** Beside a slug field: makes the slug from the name again. */
export function SlugFromNameButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" onClick={onClick} title="Создать из названия">
      <RefreshCw aria-hidden />
      <span className="hidden sm:inline">Из названия</span>
    </Button>
  );
}
