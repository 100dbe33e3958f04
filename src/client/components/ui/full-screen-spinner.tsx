import { cn } from '#client/lib/utils.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';

/** Covers the viewport while something app-wide loads (e.g. the session). */
export function FullScreenSpinner({
  label = 'Загрузка',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      data-slot="full-screen-spinner"
      className={cn('fixed inset-0 z-50 grid place-items-center bg-background', className)}
    >
      <Spinner size="lg" label={label} className="text-primary" />
    </div>
  );
}
