import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { site } from '@/config/site';
import { cn } from '@/lib/utils';
import { ContactSendError, sendContactMessage } from '../api/send-message';
import { getSecurityToken, issueSecurityToken, readSecurityToken } from '../lib/security-token';
import { contactMessages as copy } from '../messages';
import {
  CONTACT_LIMITS,
  contactFormDefaults,
  contactFormSchema,
  type ContactFormValues,
  type ContactMessageInput,
} from '../schemas';

const FIELDS = ['name', 'email', 'message'] as const;

/**
 * SPEC §2/§4/§5: Name, Email, Message, the robot box gating 'Send Message', the session token check, and a reset
 * only once the function says the message is stored. On failure everything typed stays where it is.
 */
export function ContactForm() {
  const id = useId();
  const ids = {
    name: `${id}-name`,
    email: `${id}-email`,
    message: `${id}-message`,
    robot: `${id}-robot`,
    website: `${id}-website`,
    count: `${id}-message-count`,
    error: (field: string) => `${id}-${field}-error`,
  };
  const [token, setToken] = useState(getSecurityToken);
  const [human, setHuman] = useState(false);
  const tokenField = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  // When the visitor first typed into this form (issue 12: not when it appeared, so a message written elsewhere and
  // pasted, or a second message right after the first, is timed from the first keystroke). The function stores a
  // message sent faster than a person types with a spam flag instead of dropping it.
  const startedAt = useRef<number | null>(null);
  const markStarted = () => {
    startedAt.current ??= performance.now();
  };

  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors },
  } = useForm<ContactFormValues, unknown, ContactMessageInput>({
    resolver: zodResolver(contactFormSchema),
    // Errors appear on the first submit, then follow each keystroke. Not on blur: an error appearing as the visitor
    // presses the robot box below would move the box away from under the pointer.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: contactFormDefaults,
  });

  const send = useMutation({ mutationFn: sendContactMessage });
  const sending = send.isPending;
  const messageLength = watch('message')?.length ?? 0;

  const onValid = async (values: ContactMessageInput) => {
    // Compared at the moment of sending, so a token changed in another tab or in the page counts.
    const stored = readSecurityToken();
    if (!stored || tokenField.current?.value !== stored) {
      toast({
        title: copy.securityError.title,
        description: copy.securityError.description,
        variant: 'destructive',
      });
      return;
    }
    try {
      await send.mutateAsync({
        ...values,
        website: honeypot.current?.value ?? '',
        elapsedMs: startedAt.current === null ? 0 : performance.now() - startedAt.current,
      });
    } catch (error) {
      const field = error instanceof ContactSendError ? error.field : null;
      if (error instanceof ContactSendError && field && (FIELDS as readonly string[]).includes(field)) {
        setError(field as (typeof FIELDS)[number], { message: error.message }, { shouldFocus: true });
      }
      toast({
        title: copy.sendFailed.title,
        description: copy.sendFailed.description(site.supportEmail),
        variant: 'destructive',
      });
      return;
    }
    reset(contactFormDefaults);
    setHuman(false);
    setToken(issueSecurityToken());
    startedAt.current = null;
    toast({ title: copy.sent.title, description: copy.sent.description });
  };

  const describedBy = (field: (typeof FIELDS)[number], extra?: string) =>
    [extra, errors[field] ? ids.error(field) : undefined].filter(Boolean).join(' ') || undefined;

  /** The FormField wiring of a one-line field: its id, label, error and what describes it. */
  const lineField = (field: 'name' | 'email') => ({
    id: ids[field],
    label: copy.form[field],
    invalid: !!errors[field],
    error: errors[field]?.message,
    errorSize: 'sm' as const,
    describedBy: describedBy(field),
  });

  const overLimit = messageLength > CONTACT_LIMITS.message;

  return (
    <form
      onSubmit={handleSubmit(onValid)}
      onInput={markStarted}
      onPaste={markStarted}
      noValidate
      aria-busy={sending}
      className="grid gap-5"
    >
      <input ref={tokenField} type="hidden" name="security_token" value={token} readOnly />
      {/* The honeypot: off-screen and hidden from assistive technology, so only a bot fills it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={ids.website}>{copy.form.honeypot}</label>
        <input
          ref={honeypot}
          id={ids.website}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <FormField {...lineField('name')}>
        <Input
          autoComplete="name"
          placeholder={copy.form.namePlaceholder}
          aria-required="true"
          {...register('name')}
        />
      </FormField>

      <FormField {...lineField('email')}>
        <Input
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={copy.form.emailPlaceholder}
          aria-required="true"
          {...register('email')}
        />
      </FormField>

      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={ids.message}>{copy.form.message}</Label>
          <p
            id={ids.count}
            className={cn(
              'text-xs tabular-nums',
              overLimit ? 'font-medium text-destructive' : 'text-muted-foreground',
            )}
          >
            <span aria-hidden="true">{copy.form.count(messageLength, CONTACT_LIMITS.message)}</span>
            <span className="sr-only">{copy.form.countLabel(messageLength, CONTACT_LIMITS.message)}</span>
          </p>
        </div>
        <Textarea
          id={ids.message}
          rows={7}
          placeholder={copy.form.messagePlaceholder}
          aria-invalid={!!errors.message}
          aria-describedby={describedBy('message', ids.count)}
          aria-required="true"
          className="resize-y"
          {...register('message')}
        />
        <FormError id={ids.error('message')} message={errors.message?.message} size="sm" />
      </div>

      <div className="flex items-center gap-3 rounded-md border border-input bg-muted/40 px-4 py-3">
        <Checkbox
          id={ids.robot}
          checked={human}
          onChange={(event) => setHuman(event.target.checked)}
          disabled={sending}
        />
        <Label htmlFor={ids.robot} className="cursor-pointer select-none">
          {copy.form.robot}
        </Label>
      </div>

      <Button
        type="submit"
        size="lg"
        disabled={!human || sending}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {sending ? copy.form.sending : copy.form.submit}
      </Button>
    </form>
  );
}
