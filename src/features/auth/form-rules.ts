// The auth forms' values, limits and the checks that need no schema library: what the login and register dialog
// needs to render and to enable its buttons. zod (schemas.ts) is only needed once a form is submitted, so it loads
// then (form-resolvers.ts, docs/decisions/062).
import { authMessages } from './messages';

const m = authMessages.validation;

export const ZIP_PATTERN = /^\d{5}$/;
export const PASSWORD_MIN = 6;
// bcrypt, and so the auth service, only looks at the first 72 bytes; longer passwords are refused there.
export const PASSWORD_MAX = 72;
export const NAME_MAX = 50;

export type FormIssue<F extends string> = { field: F; message: string };

export type LoginValues = { email: string; password: string };

/** SPEC §5: both fields are required; anything else is the auth service's to judge. */
export function firstLoginIssue(v: LoginValues): FormIssue<keyof LoginValues> | null {
  if (!v.email.trim()) return { field: 'email', message: m.fillAllFields };
  if (!v.password) return { field: 'password', message: m.fillAllFields };
  return null;
}

export type RegisterValues = {
  firstName: string;
  lastName: string;
  email: string;
  zip: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
};

export const registerDefaults: RegisterValues = {
  firstName: '',
  lastName: '',
  email: '',
  zip: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

/** What the Create Account button needs to be enabled (SPEC §5); the busy flag is added by the form. */
export function registerSubmitBlocked(
  v: Pick<RegisterValues, 'zip' | 'password' | 'confirmPassword' | 'acceptTerms'>,
) {
  return v.confirmPassword !== v.password || !v.acceptTerms || (v.zip !== '' && !ZIP_PATTERN.test(v.zip));
}

export type ResetRequestValues = { email: string };
