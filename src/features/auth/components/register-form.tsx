import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { useAuth } from '../lib/auth-context';
import { authMessages } from '../messages';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  registerDefaults,
  registerFormSchema,
  registerSubmitBlocked,
  ZIP_PATTERN,
  type RegisterValues,
} from '../schemas';
import { FieldHint } from './field-hint';
import { toastFirstError } from './login-form';

const d = authMessages.dialog;
const h = authMessages.hints;

/** `onRegistered` learns whether a session came back (only when the service confirms emails automatically). */
export function RegisterForm({ onRegistered }: { onRegistered: (signedIn: boolean) => void }) {
  const { register: createAccount } = useAuth();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({ resolver: zodResolver(registerFormSchema), defaultValues: registerDefaults });
  const [zip, password, confirmPassword, acceptTerms] = useWatch({
    control,
    name: ['zip', 'password', 'confirmPassword', 'acceptTerms'],
  });

  const onValid = async (v: RegisterValues) => {
    try {
      const result = await createAccount(v.firstName, v.lastName, v.email, v.password, v.zip);
      onRegistered(!!result.session);
    } catch (error) {
      // useAuth already toasted 'Registration failed' with the service's message; the dialog stays open.
      console.error('Registration failed', error);
    }
  };

  const zipOk = ZIP_PATTERN.test(zip);
  const match = confirmPassword === password;
  const blocked = isSubmitting || registerSubmitBlocked({ zip, password, confirmPassword, acceptTerms });

  return (
    <form onSubmit={handleSubmit(onValid, toastFirstError)} className="grid gap-3">
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="register-first-name">First Name</Label>
          <Input
            id="register-first-name"
            autoComplete="given-name"
            aria-invalid={!!errors.firstName}
            {...register('firstName')}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="register-last-name">Last Name</Label>
          <Input
            id="register-last-name"
            autoComplete="family-name"
            aria-invalid={!!errors.lastName}
            {...register('lastName')}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-email">Email</Label>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          aria-invalid={!!errors.email}
          {...register('email')}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-zip">ZIP Code</Label>
        <Input
          id="register-zip"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          aria-invalid={!!errors.zip || (zip !== '' && !zipOk)}
          aria-describedby={zip ? 'register-zip-hint' : undefined}
          {...register('zip')}
        />
        {zip !== '' && (
          <FieldHint id="register-zip-hint" tone={zipOk ? 'ok' : 'bad'}>
            {zipOk ? h.zipValid : h.zipInvalid}
          </FieldHint>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-password">Password</Label>
        <Input
          id="register-password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-invalid={!!errors.password}
          aria-describedby="register-password-hint"
          {...register('password')}
        />
        <FieldHint id="register-password-hint">{h.passwordMin}</FieldHint>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-confirm-password">Confirm Password</Label>
        <Input
          id="register-confirm-password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          aria-invalid={!!errors.confirmPassword || (confirmPassword !== '' && !match)}
          aria-describedby={confirmPassword ? 'register-confirm-hint' : undefined}
          {...register('confirmPassword')}
        />
        {confirmPassword !== '' && (
          <FieldHint id="register-confirm-hint" tone={match ? 'ok' : 'bad'}>
            {match ? h.passwordsMatch : h.passwordsDontMatch}
          </FieldHint>
        )}
      </div>
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
