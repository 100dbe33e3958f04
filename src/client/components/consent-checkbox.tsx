import type { Ref } from 'react';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { fieldErrorId } from '#client/components/ui/form-field.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { paths } from '#client/paths.ts';

/** What the checkbox takes from react-hook-form's `Controller` (its `field`). */
type ConsentField = {
  ref: Ref<HTMLButtonElement>;
  name: string;
  value: unknown;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
};

/**
 * The required consent to personal-data processing (152-FZ) with its link to /privacy: one look
 * and one set of attributes for every form that asks for it (registration, checkout), bound to the
 * form's `consent` field through a `Controller`.
 */
export function ConsentCheckbox({
  id,
  field: { ref, name, value, onChange, onBlur },
  error,
  purpose,
}: {
  id: string;
  field: ConsentField;
  error?: string;
  /** What the data is for, inserted before "в соответствии с …", e.g. 'для оформления заказа'. */
  purpose?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          ref={ref}
          name={name}
          checked={value === true}
          onCheckedChange={(checked) => onChange(checked === true)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId(id) : undefined}
          aria-required
          className="mt-0.5"
        />
        <Label htmlFor={id} className="block leading-snug font-normal">
          Я даю согласие на обработку моих персональных данных{purpose ? ` ${purpose}` : ''} в соответствии с{' '}
          <a href={paths.privacy} target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-4">
            политикой обработки персональных данных
            <span className="sr-only"> (откроется в новой вкладке)</span>
          </a>
          <span className="ml-0.5 text-destructive" aria-hidden="true">
            *
          </span>
        </Label>
      </div>
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
