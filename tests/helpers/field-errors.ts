import { expect } from 'vitest';

type Answer = { statusCode: number; json: () => { errors?: unknown } };

/** The answer refused the form (400) with exactly these messages under its fields. */
export function expectFieldErrors(res: Answer, errors: Record<string, string[]>) {
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual(errors);
}

/** The answer refused the form (400) with at least these messages under its fields. */
export function expectSomeFieldErrors(res: Answer, errors: Record<string, string[]>) {
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toMatchObject(errors);
}
