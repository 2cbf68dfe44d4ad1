import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from '@/lib/load-once';
import type { FormResolvers } from '../form-resolvers';

/** Loads the dialog's validation (zod and its schemas) once: on the dialog's first opening, or at the first submit. */
export const loadFormResolvers: () => Promise<FormResolvers> = loadOnce(() => import('../form-resolvers'));

/** A react-hook-form resolver that loads the real one on first use; validation runs on submit, so nothing waits. */
export function lazyResolver<T extends FieldValues>(
  pick: (resolvers: FormResolvers) => Resolver<T>,
): Resolver<T> {
  return async (values, context, options) => pick(await loadFormResolvers())(values, context, options);
}
