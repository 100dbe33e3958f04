import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's resolver for a zod schema, typed by the form: `Values` as the fields hold
 * them (text for numbers, say), `Output` as the schema gives them back on submit. The schema's
 * own input type is not the form's, which is why the resolver's type is set here, once.
 */
export function formResolver<Values extends FieldValues, Output = Values>(schema: z.ZodType): Resolver<Values, unknown, Output> {
  return zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
}
