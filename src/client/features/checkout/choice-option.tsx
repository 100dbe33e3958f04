import type { ReactNode, Ref } from 'react';
import { cn } from '#client/lib/utils.ts';

export type ChoiceOptionProps = {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  onBlur?: () => void;
  disabled?: boolean;
  title: ReactNode;
  children?: ReactNode;
};

/** One option of a radio group drawn as a bordered card (payment, receiving, branch). */
export function ChoiceOption({ name, value, checked, onChange, onBlur, disabled, title, children }: ChoiceOptionProps) {
  return (
    <label
      className={cn(
        'flex items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        disabled ? 'cursor-not-allowed bg-muted/40 text-muted-foreground' : 'cursor-pointer hover:border-foreground/40',
        checked && 'border-primary bg-accent',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        onBlur={onBlur}
        className="mt-1 size-4 shrink-0 accent-primary"
      />
      <span className="grid min-w-0 gap-0.5">
        <span className="flex items-center gap-2 font-medium">{title}</span>
        {children}
      </span>
    </label>
  );
}

export type ChoiceCardsProps<T extends string> = {
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  hints: Record<T, { hint: string; icon: ReactNode }>;
  /** The field's value, which may be a choice these cards do not offer (none is then checked). */
  value: string | undefined;
  onChange: (value: T) => void;
  onBlur?: () => void;
  /** The id of the heading that names the group. */
  labelledBy: string;
  className: string;
};

/** A radio group with one card per option: its icon, label and hint (receiving, payment). */
export function ChoiceCards<T extends string>({ name, options, labels, hints, value, onChange, onBlur, labelledBy, className }: ChoiceCardsProps<T>) {
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={className}>
      {options.map((option) => (
        <ChoiceOption
          key={option}
          name={name}
          value={option}
          checked={value === option}
          onChange={() => onChange(option)}
          onBlur={onBlur}
          title={
            <>
              {hints[option].icon}
              {labels[option]}
            </>
          }
        >
          <span className="text-sm text-muted-foreground">{hints[option].hint}</span>
        </ChoiceOption>
      ))}
    </div>
  );
}

/**
 * A choice the form's `Controller` drives: the chosen value, the refusal, and the ref a refused
 * submit focuses (the group: it has no input of its own).
 */
export type ControlledChoice<T> = {
  value: T | null | undefined;
  onChange: (value: T) => void;
  error?: string;
  groupRef?: Ref<HTMLDivElement>;
};

export type ChoiceListProps = Pick<ControlledChoice<unknown>, 'error' | 'groupRef'> & {
  /** Names the title (`${id}-title`) and the refusal (`${id}-error`). */
  id: string;
  title: ReactNode;
  /** What the options alone do not say, under the title. */
  notice?: ReactNode;
  /** The group's own classes, beside its two columns. */
  className?: string;
  /** The ChoiceOptions; with none there is no group. */
  options: ReactNode[];
};

/**
 * A choice the order's form checks (a branch, a pickup point, an organisation): its title, the
 * refusal above the options (the focused group comes into view with both), then the options.
 */
export function ChoiceList({ id, title, notice, error, groupRef, className, options }: ChoiceListProps) {
  const errorId = `${id}-error`;
  return (
    <>
      <p id={`${id}-title`} className="text-sm font-medium">
        {title}
      </p>
      {notice}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {options.length > 0 && (
        <div
          ref={groupRef}
          role="radiogroup"
          tabIndex={-1}
          aria-labelledby={`${id}-title`}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          className={cn('grid scroll-mt-16 gap-3 sm:grid-cols-2', className)}
        >
          {options}
        </div>
      )}
    </>
  );
}
