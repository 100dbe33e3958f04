import type { ComponentProps, ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';

/** «Имя пользователя» of the login and registration forms; `input` carries the field's aria and registration. */
export function UsernameField({ id, error, input }: { id: string; error?: string; input: ComponentProps<'input'> }) {
  return (
    <FormField label="Имя пользователя" htmlFor={id} required error={error}>
      <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...input} />
    </FormField>
  );
}

/** An account form's full-width submit: its icon, and the «...ing» label while the request runs. */
export function AuthSubmit({ pending, icon, pendingLabel, children }: { pending: boolean; icon: ReactNode; pendingLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={pending} className="w-full">
      {icon}
      {pending ? pendingLabel : children}
    </Button>
  );
}
