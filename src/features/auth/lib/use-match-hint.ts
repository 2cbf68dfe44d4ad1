import { useState } from 'react';
import { toast, useToasts } from '@/components/ui/toast';
import { authMessages } from '../messages';

const h = authMessages.hints;
const m = authMessages.validation;

/**
 * The live hint under a Confirm Password field: 'Passwords match' / "Passwords don't match" while typing (SPEC §2).
 * A submit with differing passwords toasts 'Passwords do not match' (SPEC §5) through `toastMismatch`; while that toast
 * is on screen the mismatch hint stays quiet, so one mistake never shows in two wordings at once (issue 48).
 */
export function useMatchHint(password: string, confirmPassword: string) {
  const [toastId, setToastId] = useState<number | null>(null);
  const toasts = useToasts();
  const match = password === confirmPassword;
  const toasted = toastId !== null && toasts.some((t) => t.id === toastId);
  const hint =
    confirmPassword === '' || (!match && toasted) ? false : match ? h.passwordsMatch : h.passwordsDontMatch;
  return {
    match,
    hint,
    hintTone: match ? ('ok' as const) : ('bad' as const),
    toastMismatch: () =>
      setToastId(toast({ title: m.title, description: m.passwordsDiffer, variant: 'destructive' })),
  };
}
