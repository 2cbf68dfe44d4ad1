import { z } from 'zod';
import {
  firstLoginIssue,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ZIP_PATTERN,
  type FormIssue,
  type RegisterValues,
} from './form-rules';
import { authMessages } from './messages';

const m = authMessages.validation;

export * from './form-rules';

/** Emails are compared by the auth service in lower case; spaces around a pasted address are never meant. */
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email(m.invalidEmail));
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, m.passwordTooShort)
  .max(PASSWORD_MAX, m.passwordTooLong);
const nameSchema = (required: string) => z.string().trim().min(1, required).max(NAME_MAX, m.nameTooLong);
export const zipSchema = z.string().trim().regex(ZIP_PATTERN, m.zip);

// --- Login -------------------------------------------------------------------------------------------------------

export const loginFormSchema = z
  .object({ email: z.string(), password: z.string() })
  .superRefine((v, ctx) => addFirst(ctx, firstLoginIssue(v)));

// --- Registration --------------------------------------------------------------------------------------------------

/**
 * The registration rules of SPEC §5, checked in the SPEC's order; only the first failure is reported, as one toast.
 * Length and email format follow: the browser normally catches those first (minLength, type=email).
 */
export function firstRegisterIssue(v: RegisterValues): FormIssue<keyof RegisterValues> | null {
  const required = ['firstName', 'lastName', 'email', 'zip', 'password', 'confirmPassword'] as const;
  const empty = required.find((field) => !v[field].trim());
  if (empty) return { field: empty, message: m.fillAllFields };
  if (!ZIP_PATTERN.test(v.zip.trim())) return { field: 'zip', message: m.zip };
  if (v.password !== v.confirmPassword) return { field: 'confirmPassword', message: m.passwordsDiffer };
  if (!v.acceptTerms) return { field: 'acceptTerms', message: m.terms };
  const length = newPasswordSchema.safeParse(v.password);
  if (!length.success) return { field: 'password', message: length.error.issues[0].message };
  if (!emailSchema.safeParse(v.email).success) return { field: 'email', message: m.invalidEmail };
  return null;
}

export const registerFormSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    zip: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    acceptTerms: z.boolean(),
  })
  .superRefine((v, ctx) => addFirst(ctx, firstRegisterIssue(v)));

// --- Inputs checked again at the function, whatever the caller did -------------------------------------------------

export const signInInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, m.fillAllFields).max(PASSWORD_MAX, m.passwordTooLong),
});
export type SignInInput = z.input<typeof signInInputSchema>;

export const signUpInputSchema = z.object({
  firstName: nameSchema(m.firstNameRequired),
  lastName: nameSchema(m.lastNameRequired),
  email: emailSchema,
  password: newPasswordSchema,
  zip: zipSchema,
});
export type SignUpInput = z.input<typeof signUpInputSchema>;

export const profileSchema = z.object({
  firstName: nameSchema(m.firstNameRequired),
  lastName: nameSchema(m.lastNameRequired),
  zip: zipSchema,
});
export type ProfileInput = z.input<typeof profileSchema>;

export const passwordChangeSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, m.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, { message: m.passwordsDiffer, path: ['confirmPassword'] });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

export const resetRequestSchema = z.object({
  email: z.string().trim().min(1, m.fillAllFields).pipe(emailSchema),
});
export type ResetRequestInput = z.input<typeof resetRequestSchema>;

function addFirst(ctx: z.RefinementCtx, issue: FormIssue<string> | null) {
  if (issue) ctx.addIssue({ code: 'custom', message: issue.message, path: [issue.field] });
}
