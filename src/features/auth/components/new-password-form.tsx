import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useMatchHint } from '../lib/use-match-hint';
import { authMessages } from '../messages';
import { PASSWORD_MIN, passwordChangeSchema, type PasswordChangeInput } from '../schemas';
import { PasswordInput } from './password-input';

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
  const { match, hint, hintTone, toastMismatch } = useMatchHint(password, confirmPassword);
  // A mismatch is told by a toast (SPEC §5's words), not a second text under the field; other errors stay there.
  const mismatch = errors.confirmPassword?.message === authMessages.validation.passwordsDiffer;
  return (
    <form
      onSubmit={handleSubmit(submit, (e) => {
        if (e.confirmPassword?.message === authMessages.validation.passwordsDiffer) toastMismatch();
      })}
      className="grid gap-4"
      noValidate
    >
      <FormField
        id={pw}
        label="New Password"
        invalid={!!errors.password}
        hint={authMessages.hints.passwordMin}
        error={errors.password?.message}
        describedBy={`${pw}-hint ${pw}-error`}
      >
        <PasswordInput autoComplete="new-password" minLength={PASSWORD_MIN} {...register('password')} />
      </FormField>
      <FormField
        id={confirm}
        label="Confirm New Password"
        invalid={!!errors.confirmPassword || (confirmPassword !== '' && !match)}
        hint={hint}
        hintTone={hintTone}
        error={mismatch ? undefined : errors.confirmPassword?.message}
        describedBy={`${confirm}-hint ${confirm}-error`}
      >
        <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
        {isSubmitting ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
