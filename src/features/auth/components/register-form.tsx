import { useWatch, type FieldErrors } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { useAuth } from '../lib/auth-context';
import { authMessages } from '../messages';
import {
  PASSWORD_MIN,
  registerDefaults,
  registerSubmitBlocked,
  ZIP_PATTERN,
  type RegisterValues,
} from '../form-rules';
import { useDialogForm } from '../lib/use-dialog-form';
import { useMatchHint } from '../lib/use-match-hint';
import { toastFirstError } from './login-form';
import { PasswordInput } from './password-input';

const d = authMessages.dialog;
const h = authMessages.hints;

/**
 * `onRegistered` learns whether a session came back (only when the service confirms emails automatically) and the
 * address the confirmation went to.
 */
export function RegisterForm({
  onRegistered,
  returnPath,
}: {
  onRegistered: (signedIn: boolean, email: string) => void;
  /** Where the confirmation link returns to: the page the dialog was opened on (decision 040). */
  returnPath?: string;
}) {
  const { register: createAccount } = useAuth();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useDialogForm<RegisterValues>((r) => r.registerResolver, registerDefaults);
  const [zip, password, confirmPassword, acceptTerms] = useWatch({
    control,
    name: ['zip', 'password', 'confirmPassword', 'acceptTerms'],
  });

  const onValid = async (v: RegisterValues) => {
    try {
      // The dialog's 'Check Your Email' view is the confirmation; no toast repeating it behind the dialog.
      const result = await createAccount(v.firstName, v.lastName, v.email, v.password, v.zip, returnPath, {
        confirmsItself: true,
      });
      onRegistered(!!result.session, v.email);
    } catch (error) {
      // useAuth already toasted 'Registration failed' with the service's message; the dialog stays open.
      console.error('Registration failed', error);
    }
  };

  const zipOk = ZIP_PATTERN.test(zip);
  const {
    match,
    hint: matchHint,
    hintTone: matchTone,
    toastMismatch,
  } = useMatchHint(password, confirmPassword);
  // Only one rule is reported at a time (schemas.ts); a mismatch gets the toast that quiets the field's live hint.
  const onInvalid = (errors: FieldErrors<RegisterValues>) =>
    errors.confirmPassword?.message === authMessages.validation.passwordsDiffer
      ? toastMismatch()
      : toastFirstError(errors);
  const blocked = isSubmitting || registerSubmitBlocked({ zip, password, confirmPassword, acceptTerms });

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-3">
      <div className="grid grid-cols-2 gap-3">
        <FormField id="register-first-name" label="First Name" invalid={!!errors.firstName}>
          <Input autoComplete="given-name" {...register('firstName')} />
        </FormField>
        <FormField id="register-last-name" label="Last Name" invalid={!!errors.lastName}>
          <Input autoComplete="family-name" {...register('lastName')} />
        </FormField>
      </div>
      <FormField id="register-email" label="Email" invalid={!!errors.email}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <FormField
        id="register-zip"
        label="ZIP Code"
        invalid={!!errors.zip || (zip !== '' && !zipOk)}
        hint={zip !== '' && (zipOk ? h.zipValid : h.zipInvalid)}
        hintTone={zipOk ? 'ok' : 'bad'}
      >
        <Input inputMode="numeric" autoComplete="postal-code" maxLength={5} {...register('zip')} />
      </FormField>
      <FormField id="register-password" label="Password" invalid={!!errors.password} hint={h.passwordMin}>
        <PasswordInput autoComplete="new-password" minLength={PASSWORD_MIN} {...register('password')} />
      </FormField>
      <FormField
        id="register-confirm-password"
        label="Confirm Password"
        invalid={!!errors.confirmPassword || (confirmPassword !== '' && !match)}
        hint={matchHint}
        hintTone={matchTone}
        hintId="register-confirm-hint"
      >
        <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <div className="flex items-start gap-2">
        <Checkbox
          id="register-terms"
          className="mt-0.5"
          aria-invalid={!!errors.acceptTerms}
          {...register('acceptTerms')}
        />
        <Label htmlFor="register-terms" className="font-normal leading-snug">
          {d.termsPrefix}{' '}
          <a
            href={paths.terms}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-primary underline underline-offset-4"
          >
            {d.termsLink}
          </a>
        </Label>
      </div>
      <Button type="submit" disabled={blocked} className="w-full">
        {isSubmitting ? d.registerBusy : d.registerButton}
      </Button>
    </form>
  );
}
