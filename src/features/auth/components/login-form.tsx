import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useAuth } from '../lib/auth-context';
import { authMessages } from '../messages';
import { PasswordInput } from './password-input';
import { ResendVerification } from './resend-verification';
import type { LoginValues } from '../form-rules';
import { useDialogForm } from '../lib/use-dialog-form';

type LoginFormProps = {
  onSuccess: () => void;
  onForgotPassword: () => void;
  /** Where a new confirmation link returns to, should the login be refused for an unconfirmed email. */
  returnPath?: string;
};

/** The service's code for a right password on an email not yet confirmed. */
const isUnconfirmed = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'email_not_confirmed';

export function LoginForm({ onSuccess, onForgotPassword, returnPath }: LoginFormProps) {
  const { login } = useAuth();
  // The address a login was refused for because it is not confirmed yet: offer to send a new link there.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useDialogForm<LoginValues>((r) => r.loginResolver, { email: '', password: '' });

  const onValid = async ({ email, password }: LoginValues) => {
    try {
      await login(email, password);
      onSuccess();
    } catch (error) {
      setUnconfirmed(isUnconfirmed(error) ? email : null);
      // useAuth already toasted 'Login failed' with the service's message; the dialog stays open.
      console.error('Login failed', error);
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid, toastFirstError)} className="grid gap-4">
      <FormField id="login-email" label="Email" invalid={!!errors.email}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <FormField id="login-password" label="Password" invalid={!!errors.password}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? authMessages.dialog.loginBusy : authMessages.dialog.loginButton}
      </Button>
      {unconfirmed && <ResendVerification key={unconfirmed} email={unconfirmed} returnPath={returnPath} />}
      {/* After the button, so the keyboard goes Email, Password, Login without a detour. */}
      <button
        type="button"
        onClick={onForgotPassword}
        className="justify-self-center rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {authMessages.dialog.forgotPassword}
      </button>
    </form>
  );
}

/** SPEC §5: the first broken rule becomes one destructive toast titled 'Error'. */
export function toastFirstError(errors: FieldErrors) {
  const message = Object.values(errors).find((e) => typeof e?.message === 'string')?.message;
  if (typeof message === 'string')
    toast({ title: authMessages.validation.title, description: message, variant: 'destructive' });
}
