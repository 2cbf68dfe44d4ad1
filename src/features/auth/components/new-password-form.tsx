import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { authMessages } from '../messages';
import { PASSWORD_MAX, PASSWORD_MIN, passwordChangeSchema, type PasswordChangeInput } from '../schemas';
import { FieldError, FieldHint } from './field-hint';

type NewPasswordFormProps = {
  idPrefix: string;
  submitLabel: string;
  busyLabel: string;
  /** Resolves when the password is set; a rejection keeps the typed values so the user can retry. */
  onSubmit: (password: string) => Promise<void>;
};

/** New password plus confirmation, with the register form's live hints; used by /account and /reset-password. */
export function NewPasswordForm({ idPrefix, submitLabel, busyLabel, onSubmit }: NewPasswordFormProps) {
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });

  const submit = async (values: PasswordChangeInput) => {
    try {
      await onSubmit(values.password);
      reset();
    } catch {
      // The caller has told the user what went wrong.
    }
  };

  const pw = `${idPrefix}-password`;
  const confirm = `${idPrefix}-confirm-password`;
  const match = password === confirmPassword;
  return (
    <form onSubmit={handleSubmit(submit)} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={pw}>New Password</Label>
        <Input
          id={pw}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-invalid={!!errors.password}
          aria-describedby={`${pw}-hint ${pw}-error`}
          {...register('password')}
        />
        <FieldHint id={`${pw}-hint`}>{authMessages.hints.passwordMin}</FieldHint>
        <FieldError id={`${pw}-error`} message={errors.password?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={confirm}>Confirm New Password</Label>
        <Input
          id={confirm}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          aria-invalid={!!errors.confirmPassword || (confirmPassword !== '' && !match)}
          aria-describedby={`${confirm}-hint ${confirm}-error`}
          {...register('confirmPassword')}
        />
        {confirmPassword !== '' && (
          <FieldHint id={`${confirm}-hint`} tone={match ? 'ok' : 'bad'}>
            {match ? authMessages.hints.passwordsMatch : authMessages.hints.passwordsDontMatch}
          </FieldHint>
        )}
        <FieldError id={`${confirm}-error`} message={errors.confirmPassword?.message} />
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
