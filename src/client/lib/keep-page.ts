import type { FormEvent } from 'react';

/** A form's `onSubmit` that keeps the page where it is (the form is sent by script) and runs `act`. */
export const keepPage = (act: () => void) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  act();
};
