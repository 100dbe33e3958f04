import { useRef, useState, type ChangeEvent, type ComponentProps } from 'react';
import { PasswordInput } from '#client/components/auth/password-input.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { ApiError } from '#client/lib/api.ts';
import { CURRENT_PASSWORD_REQUIRED } from '#shared/schemas/own-password.ts';

const HINT = 'Для подтверждения введите пароль, с которым вы входите в магазин.';

/**
 * The staff member's own password, asked again in the dialog of a grave step (downloading a
 * backup, changing a role, deleting every product); the server checks it with the request.
 */
export function CurrentPasswordField({ id, error, ...input }: { id: string; error?: string } & Omit<ComponentProps<'input'>, 'type' | 'id'>) {
  return (
    <FormField label="Текущий пароль" htmlFor={id} required hint={HINT} error={error}>
      <PasswordInput autoComplete="current-password" {...fieldControlProps(id, { hint: HINT, error, required: true })} {...input} />
    </FormField>
  );
}

/**
 * A dialog's CurrentPasswordField kept outside a form library: a refusal of the password (none
 * typed, or the server's word on it) is the field's, which says why and takes the focus.
 */
export function useCurrentPassword() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  const refuse = (message: string) => {
    setError(message);
    ref.current?.focus();
  };
  return {
    /** The field's props, but its id and readOnly. */
    field: {
      ref,
      value,
      error,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setValue(event.target.value);
        setError(undefined);
      },
    },
    /** Sends the typed password, or refuses an empty field without asking the server. */
    send: (request: (password: string) => void) => (value ? request(value) : refuse(CURRENT_PASSWORD_REQUIRED)),
    /** Whether the server refused the password (missing or wrong): the field then says so. */
    refusedBy: (failure: unknown) => {
      const message = failure instanceof ApiError ? failure.errors?.currentPassword?.[0] : undefined;
      if (message) refuse(message);
      return message !== undefined;
    },
    clear: () => {
      setValue('');
      setError(undefined);
    },
  };
}
