import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { applyServerErrors } from '#client/components/auth/field-errors.ts';
import { toast, type ToastOptions } from '#client/components/ui/toast-store.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';

/** What a toast says. */
type Said = Pick<ToastOptions, 'title' | 'description'>;

/**
 * A list item's deletion: the success toast, or «`failure`» with the server's reason; the
 * confirmation closes (`close`) either way.
 */
export function deleteToasts<T, V>(success: (answer: T, item: V) => Said, failure: string, close: () => void): MutationCallbacks<T, V> {
  return {
    onSuccess: (answer, item) => {
      toast({ ...success(answer, item), variant: 'success' });
      close();
    },
    onError: (error) => {
      toast({ title: failure, description: error.message, variant: 'destructive' });
      close();
    },
  };
}

/**
 * A dialog form's save: the success toast, then `form.done` (the dialog closes); a refusal puts the
 * server's messages under the form's `fields` and says «`failure`» with its reason, the form
 * staying open.
 */
export function saveToasts<T, V, F extends FieldValues>(
  form: { done: () => void; fields: readonly Path<F>[]; setError: UseFormSetError<F> },
  said: { success: (saved: T) => Said; failure: string },
): MutationCallbacks<T, V> {
  return {
    onSuccess: (saved) => {
      toast({ ...said.success(saved), variant: 'success' });
      form.done();
    },
    onError: (error) => {
      applyServerErrors(error, form.fields, form.setError);
      toast({ title: said.failure, description: error.message, variant: 'destructive' });
    },
  };
}
