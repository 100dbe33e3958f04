import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '#client/components/ui/toast-store.ts';
import type { PublicUser } from '#shared/types.ts';
import { applyServerErrors } from './field-errors.ts';

type AuthToasts<T extends FieldValues> = {
  /** The toasts' titles (spec 5). */
  success: string;
  failure: string;
  fields: readonly Path<T>[];
  setError: UseFormSetError<T>;
  onSuccess?: (user: PublicUser) => void;
  /** The failure toast's text; the server's message by default. */
  describe?: (error: Error) => string;
};

/** A login's or a registration's callbacks: a welcome by name, or the server's field errors and a failure toast. */
export function authToasts<T extends FieldValues>({ success, failure, fields, setError, onSuccess, describe = (error) => error.message }: AuthToasts<T>) {
  return {
    onSuccess: (user: PublicUser) => {
      toast({ title: success, description: `Добро пожаловать, ${user.username}!`, variant: 'success' });
      onSuccess?.(user);
    },
    onError: (error: Error) => {
      applyServerErrors<T>(error, fields, setError);
      toast({ title: failure, description: describe(error), variant: 'destructive' });
    },
  };
}
