import type { FieldValues, Resolver } from 'react-hook-form';
import type { FormResolvers } from '../form-resolvers';

let loading: Promise<FormResolvers> | undefined;

/** Loads the dialog's validation (zod and its schemas) once: on the dialog's first opening, or at the first submit. */
export function loadFormResolvers(): Promise<FormResolvers> {
  loading ??= import('../form-resolvers').catch((error: unknown) => {
    loading = undefined; // a chunk that failed to load may load on the next submit
    throw error;
  });
  return loading;
}

/** A react-hook-form resolver that loads the real one on first use; validation runs on submit, so nothing waits. */
export function lazyResolver<T extends FieldValues>(
  pick: (resolvers: FormResolvers) => Resolver<T>,
): Resolver<T> {
  return async (values, context, options) => pick(await loadFormResolvers())(values, context, options);
}
