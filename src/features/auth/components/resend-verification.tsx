import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { errorMessage } from '../api/errors';
import { useAuth } from '../lib/auth-context';
import { authMessages } from '../messages';

const r = authMessages.resend;

/**
 * Shown when a login is refused because the email is not confirmed: sends a new confirmation link that returns to
 * `returnPath`, then waits a minute before it may be asked again (the service's per-address window).
 */
export function ResendVerification({
  email,
  returnPath,
  notice = r.notice,
  quiet = false,
}: {
  email: string;
  returnPath?: string;
  notice?: string;
  /** A neutral box (after registering, where nothing went wrong) instead of the amber warning. */
  quiet?: boolean;
}) {
  const { resendVerification } = useAuth();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await resendVerification(email, returnPath);
      setSentTo(email);
      setWait(r.cooldownSeconds);
    } catch (err) {
      setError(errorMessage(err, r.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      data-testid="resend-verification"
      className={cn(
        'grid gap-3 rounded-lg border p-4 text-sm',
        quiet
          ? 'border-slate-200 bg-slate-50 text-foreground'
          : 'border-amber-300 bg-amber-50 text-amber-950',
      )}
    >
      <p>{notice}</p>
      <Button type="button" variant="outline" disabled={busy || wait > 0} onClick={() => void send()}>
        {busy ? r.busy : r.button}
      </Button>
      {/* Announced once when the email is sent; the countdown below ticks silently. */}
      <p role="status" className="empty:sr-only">
        {sentTo ? r.sent(sentTo) : ''}
      </p>
      {wait > 0 && (
        <p className={cn('-mt-2', quiet ? 'text-muted-foreground' : 'text-amber-900')}>{r.wait(wait)}</p>
      )}
      {error && (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
