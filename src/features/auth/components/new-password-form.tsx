import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
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
  const match = password === confirmPassword;
  return (
    <form onSubmit={handleSubmit(submit)} className="grid gap-4" noValidate>
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
        // Once the submit has said it under the field, the live hint does not say it a second time.
        hint={
          confirmPassword !== '' &&
          !errors.confirmPassword &&
          (match ? authMessages.hints.passwordsMatch : authMessages.validation.passwordsDiffer)
        }
        hintTone={match ? 'ok' : 'bad'}
        error={errors.confirmPassword?.message}
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
