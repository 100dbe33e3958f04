import { useEffect, type ReactNode } from 'react';
import { Label } from '#client/components/ui/label.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { toast } from '#client/components/ui/toast-store.ts';

/** A switch with its label and a line saying what it does. */
export function SwitchRow({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3 sm:p-4">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} disabled={disabled} aria-describedby={`${id}-hint`} />
    </div>
  );
}

export function FormSkeleton({ fields = 6 }: { fields?: number }) {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Загрузка настроек">
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className="grid gap-1.5">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10" />
        </div>
      ))}
    </div>
  );
}

/** 'Ошибка загрузки' toast once per failure (spec 8). */
export function useLoadErrorToast(error: Error | null, describe: (message: string) => string) {
  useEffect(() => {
    if (error) toast({ title: 'Ошибка загрузки', description: describe(error.message), variant: 'destructive' });
    // `describe` is a fixed text per form; the toast follows the error only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
}

export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 md:grid-cols-2">{children}</div>;
}
