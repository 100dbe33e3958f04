import type { ComponentProps } from 'react';
import { PasswordInput } from '#client/components/auth/password-input.tsx';
import { FormField, fieldControlProps } from '#client/components/ui/form-field.tsx';
import { ApiError } from '#client/lib/api.ts';

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

/** The server's word on the password field (missing or wrong), or undefined for any other failure. */
export const currentPasswordError = (error: unknown) => (error instanceof ApiError ? error.errors?.currentPassword?.[0] : undefined);
