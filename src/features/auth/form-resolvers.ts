// The dialog's form validation (zod), in its own chunk: loaded when the dialog opens or a form is first submitted,
// never on the way to showing the dialog (docs/decisions/062).
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { LoginValues, RegisterValues, ResetRequestValues } from './form-rules';
import { loginFormSchema, registerFormSchema, resetRequestSchema } from './schemas';

export const loginResolver: Resolver<LoginValues> = zodResolver(loginFormSchema);
export const registerResolver: Resolver<RegisterValues> = zodResolver(registerFormSchema);
export const resetRequestResolver: Resolver<ResetRequestValues> = zodResolver(resetRequestSchema);

/** What the dialog's forms validate with, loaded once. */
export type FormResolvers = typeof import('./form-resolvers');
