import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

/**
 * One choice out of a few, all visible at once (native radio buttons in a fieldset, so the
 * keyboard and screen readers work as usual); each option may carry a line of explanation.
 */
export function ChoiceGroup<V extends string>({
  name,
  legend,
  hint,
  options,
  value,
  onChange,
  disabled,
  className,
}: {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  options: readonly { value: V; label: string; description?: string }[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <fieldset className={cn('grid gap-2', className)} disabled={disabled}>
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      {hint && <p className="-mt-1 text-sm text-muted-foreground">{hint}</p>}
      <div className="grid gap-2 sm:grid-cols-[repeat(auto-fit,minmax(11rem,1fr))]">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm transition-colors hover:border-foreground/40',
              'has-checked:border-primary has-checked:bg-primary/5 has-disabled:cursor-not-allowed has-disabled:opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span className="grid gap-0.5">
              <span className="font-medium">{option.label}</span>
              {option.description && <span className="text-muted-foreground">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
