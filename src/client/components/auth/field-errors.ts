import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#client/lib/api.ts';

/**
 * Puts the server's field errors (`{ errors: { field: [message] } }`) on the form's fields and
 * focuses the first of them, as react-hook-form focuses the first error of its own checks
 * (`shouldFocusError`): `fields` are in the form's order. A field drawn without an input (a
 * radio group) takes the focus through the element its `Controller` ref is on.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>) {
  if (!(error instanceof ApiError) || !error.errors) return;
  const errors = error.errors;
  let focused = false;
  for (const field of fields) {
    const message = errors[field]?.[0];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
}
