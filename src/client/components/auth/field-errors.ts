import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#client/lib/api.ts';

/** Puts the server's field errors (`{ errors: { field: [message] } }`) on the form's fields. */
export function applyServerErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError) || !error.errors) return;
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = fields.find((f) => f === key);
    if (field && messages[0]) setError(field, { type: 'server', message: messages[0] });
  }
}
