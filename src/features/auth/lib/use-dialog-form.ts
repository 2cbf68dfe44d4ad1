import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { FormResolvers } from '../form-resolvers';
import { lazyResolver } from './form-resolvers';

/** A form of the login / register dialog: validated on submit by its resolver, loaded then (docs/decisions/062). */
export function useDialogForm<T extends FieldValues>(
  pick: (resolvers: FormResolvers) => Resolver<T>,
  defaultValues: DefaultValues<T>,
) {
  return useForm<T>({ resolver: lazyResolver(pick), defaultValues });
}
