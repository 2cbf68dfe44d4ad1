import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { authMessages } from '../messages';
import type { ResetRequestValues } from '../form-rules';
import { useDialogForm } from '../lib/use-dialog-form';
import { toastFailure } from '../lib/toast-failure';

const f = authMessages.forgot;

/**
 * Asks for a recovery email. The confirmation is the same whether or not the address has an account, so the form
 * never tells a stranger who is registered.
 */
export function ForgotPasswordForm({
  idPrefix = 'forgot',
  defaultEmail = '',
}: {
  idPrefix?: string;
  defaultEmail?: string;
}) {
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useDialogForm<ResetRequestValues>((r) => r.resetRequestResolver, { email: defaultEmail });

  const onValid = async (values: ResetRequestValues) => {
    try {
      // supabase-js loads with the request, not with the form: the dialog opens without it (docs/decisions/062).
      const { requestPasswordReset } = await import('../api/request-password-reset');
      await requestPasswordReset(values);
      setSent(true);
    } catch (error) {
      toastFailure({ title: f.failedTitle, fallback: f.failedFallback }, error);
    }
  };

  if (sent) {
    return (
      <div role="status" className="rounded-md border bg-secondary p-4 text-sm text-secondary-foreground">
        <p className="font-semibold">{f.sentTitle}</p>
        <p className="mt-1">{f.sent}</p>
      </div>
    );
  }

  const emailId = `${idPrefix}-email`;
  return (
    <form onSubmit={handleSubmit(onValid)} className="grid gap-4" noValidate>
      <FormField id={emailId} label="Email" invalid={!!errors.email} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? f.busy : f.button}
      </Button>
    </form>
  );
}
