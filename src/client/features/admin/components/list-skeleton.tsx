import { Skeleton } from '#client/components/ui/skeleton.tsx';

/** A list that is loading: six grey rows, announced by `label`. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="grid gap-2">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-16 rounded-lg" />
      ))}
    </div>
  );
}
