import type { ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';
import { Label } from '#client/components/ui/label.tsx';

/** Id of the hint text of the control with this id, for its `aria-describedby`. */
export const fieldHintId = (htmlFor: string) => `${htmlFor}-hint`;
/** Id of the error message of the control with this id, for its `aria-describedby`. */
export const fieldErrorId = (htmlFor: string) => `${htmlFor}-error`;

/**
 * The `aria-describedby` value for a control: its hint and/or error ids, or undefined.
 * Usage: `<Input id="email" aria-invalid={!!error} aria-describedby={fieldDescribedBy('email', { hint, error })} />`
 */
export function fieldDescribedBy(
  htmlFor: string,
  { hint, error }: { hint?: ReactNode; error?: ReactNode },
): string | undefined {
  const ids = [hint ? fieldHintId(htmlFor) : null, error ? fieldErrorId(htmlFor) : null].filter(
    Boolean,
  );
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * The attributes of the control inside a FormField: its id, `aria-invalid` while it has an error,
 * `aria-describedby` for its hint and error, and `aria-required` when the field is required.
 */
export function fieldControlProps(
  id: string,
  { hint, error, required = false }: { hint?: ReactNode; error?: ReactNode; required?: boolean },
) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': fieldDescribedBy(id, { hint, error }),
    'aria-required': required || undefined,
  };
}

export interface FormFieldProps {
  label: ReactNode;
  /** The id of the control inside; the label points at it. */
  htmlFor: string;
  /** Error message; shown in red with role="alert" (ids: `${htmlFor}-error`). */
  error?: ReactNode;
  /** Help text under the control (id: `${htmlFor}-hint`). */
  hint?: ReactNode;
  /** Shows a red asterisk after the label (the control itself should carry `required`). */
  required?: boolean;
  /** Beside the label, outside it (so not part of the control's name): a badge, say. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * Label, control, hint and error of one form field. It only lays them out and gives the hint
 * and error their ids; the caller sets `id`, `aria-invalid` and `aria-describedby` on the control
 * (see `fieldControlProps`).
 */
export function FormField({ label, htmlFor, error, hint, required, aside, className, children }: FormFieldProps) {
  const labelElement = (
    <Label htmlFor={htmlFor}>
      <span>
        {label}
        {required && (
          <span className="ml-0.5 text-destructive" aria-hidden="true">
            *
          </span>
        )}
      </span>
    </Label>
  );
  return (
    <div data-slot="form-field" className={cn('grid content-start gap-1.5', className)}>
      {aside ? (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {hint && (
        <p id={fieldHintId(htmlFor)} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={fieldErrorId(htmlFor)} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
